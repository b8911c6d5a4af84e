// The page (index.html): words in, a word cloud out, laid out by tagcloud.js as the words and
// choices change. The words are kept in this browser (localStorage) between visits.
import { TagCloud, pngFromSVG } from './tagcloud.js';

const $ = (id) => document.getElementById(id);
const sample = ['cloud\t9', 'words\t7', 'browser\t6', 'privacy\t5', 'WebAssembly\t5', 'Swift\t4', 'layout\t4',
  'pixel-exact\t3', 'fonts\t3', 'shapes\t3', 'colours\t2', 'rotation\t2', 'SVG\t2', 'offline\t2', 'free\t1',
  'instant\t1', 'mix\t1', 'tags\t1', 'سلام\t1'].join('\n');
const tagcloud = new TagCloud();
let seed = 1, asked = 0, lastSVG = '';

$('words').value = localStorage.getItem('tagcloud.words') ?? sample;
const source = () => document.querySelector('input[name="source"]:checked').value;
if (localStorage.getItem('tagcloud.source') === 'text') document.querySelector('input[value="text"]').checked = true;

/**
 * The command line the choices make, the words given as a tag list or as a text to count; `extra`
 * options go before the output's.
 */
function commandLine(extra = []) {
  const command = $('command').value;
  const words = source() === 'text' ? ['--text', 'words.txt'] : ['--input', 'words.txt'];
  const args = [command, ...words, '--seed', String(seed), '--palette', $('palette').value];
  if (command === 'cloud') {
    args.push('--width', '800', '--height', '560', '--rotate', $('rotate').value);
    if ($('shape').value) args.push('--shape', $('shape').value);
  } else {
    args.push('--width', '800');
  }
  return args.concat(extra, ['--format', 'svg', '-o', '-']);
}

/** Lays the words out; a result that comes after a newer request is dropped. */
async function draw() {
  const mine = ++asked;
  localStorage.setItem('tagcloud.words', $('words').value);
  localStorage.setItem('tagcloud.source', source());
  $('status').textContent = 'Laying out…';
  const started = performance.now();
  const result = await tagcloud.run(commandLine(), { 'words.txt': $('words').value }).catch((error) => ({
    status: -1, messages: [`error: ${error.message}`], output: new Uint8Array(),
  }));
  if (mine !== asked) return;
  const error = result.messages.find((m) => m.startsWith('error: '));
  if (result.status !== 0 && result.output.length === 0) {
    $('status').textContent = error ? error.slice(7) : 'The cloud could not be made.';
    return;
  }
  lastSVG = new TextDecoder().decode(result.output);
  $('cloud').innerHTML = lastSVG;
  $('download').disabled = false;
  $('download-png').disabled = false;
  const line = result.messages.filter((m) => !m.startsWith('error: ')).join(' ');
  $('status').textContent = `${line} (${Math.round(performance.now() - started)} ms)`;
}

let timer = 0;
const later = () => { clearTimeout(timer); timer = setTimeout(draw, 250); };
$('words').addEventListener('input', later);
for (const id of ['command', 'shape', 'rotate', 'palette']) $(id).addEventListener('change', draw);
for (const radio of document.querySelectorAll('input[name="source"]')) radio.addEventListener('change', draw);
$('shuffle').addEventListener('click', () => { seed = Math.floor(Math.random() * 1e9); draw(); });
/** Offers `blob` as a download named `name`. */
function save(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
$('download').addEventListener('click', () => save(new Blob([lastSVG], { type: 'image/svg+xml' }), 'tagcloud.svg'));
// The PNG is drawn here from the same layout with words as outlines, at twice the size for sharp
// screens: the browser's pixels (the tagcloud command draws its own with Cairo).
$('download-png').addEventListener('click', async () => {
  const result = await tagcloud.run(commandLine(['--svg-outlines']), { 'words.txt': $('words').value });
  if (result.status !== 0 && result.output.length === 0) return;
  save(await pngFromSVG(new TextDecoder().decode(result.output), { scale: 2 }), 'tagcloud.png');
});
draw();
