// How the page speaks: a message in a live region, marked when it is a problem.

/** Shows `message` in `element`, marked as a problem or not. */
export function say(element, message, problem = false) {
  element.textContent = message;
  element.classList.toggle('problem', problem);
}
