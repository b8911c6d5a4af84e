// The script of example.html: a word cloud laid out by tagcloud.js, put into the page.
import { TagCloud } from './tagcloud.js';

const tagcloud = new TagCloud();
const words = ['Swift', 'Rust', 'Go', 'Kotlin', 'TypeScript', 'Python', 'Haskell', 'OCaml', 'Zig', 'Elixir',
  'Ruby', 'Scala', 'Julia', 'Clojure', 'Dart', 'Lua', 'Erlang', 'Nim', 'Crystal', 'F#'];
const tags = words.map((text, i) => ({ text, weight: words.length - i }));
try {
  const { svg, messages } = await tagcloud.layout({ width: 600, height: 400, seed: 1, shape: 'heart', tags });
  document.querySelector('#cloud').innerHTML = svg;
  document.querySelector('#notes').textContent = messages.join(' ');
} catch (error) {
  document.querySelector('#cloud').textContent = `The cloud could not be laid out: ${error.message}`;
}
