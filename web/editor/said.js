// How the page speaks: a message in a live region, marked when it is a problem.

/** Shows `message` in `element`, marked as a problem or not. */
export function say(element, message, problem = false) {
  element.textContent = message;
  element.classList.toggle('problem', problem);
}

/**
 * `message` (the engine's, which speaks the command line's flags) with each flag the page shows a
 * control for named by its label instead: "beyond --max-words" → "beyond “Most words shown”".
 */
export function plainWords(message, labels) {
  return message.replace(/--([a-z][a-z-]*)/g, (flag, name) => (labels.has(name) ? `“${labels.get(name)}”` : flag));
}
