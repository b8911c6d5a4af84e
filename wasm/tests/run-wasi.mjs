// Runs a WASI command module (wasm32-wasi, preview 1) in Node, for scripts/check-wasm-libs:
//   node --no-warnings wasm/tests/run-wasi.mjs MODULE.wasm [ARG...]
// An argument that names an existing file is passed as its absolute path, and that file's folder
// (or the folder an argument names) is preopened under the same path, so the module opens it as it
// was told (the smoke test's fonts) and sees nothing else of the file system. stdout and stderr pass through; the exit status is the
// module's. (--no-warnings drops Node 20's notice that node:wasi is experimental.)
import { readFile } from 'node:fs/promises';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dirname, resolve } from 'node:path';
import process from 'node:process';
import { WASI } from 'node:wasi';

const [modulePath, ...givenArgs] = process.argv.slice(2);
if (!modulePath) {
  console.error('usage: node run-wasi.mjs MODULE.wasm [ARG...]');
  process.exit(2);
}
const preopens = {};
const args = givenArgs.map((arg) => {
  if (!existsSync(arg)) return arg;
  const path = resolve(arg);
  const folder = statSync(arg).isDirectory() ? path : dirname(path);
  preopens[folder] = folder;
  return path;
});
// Standard output goes to a file first: Node's WASI writes to a pipe without waiting, and output
// that a busy reader leaves in the pipe would be lost.
const folder = mkdtempSync(join(tmpdir(), 'run-wasi-'));
const stdout = openSync(join(folder, 'stdout'), 'w+');
const wasi = new WASI({ version: 'preview1', args: [modulePath, ...args], env: {}, preopens, stdout, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(modulePath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
const status = wasi.start(instance);
closeSync(stdout);
const output = readFileSync(join(folder, 'stdout'));
rmSync(folder, { recursive: true });
process.stdout.write(output, () => { process.exitCode = status; });
