#!/usr/bin/env node
// The TagCloud engine from the command line, in Node: `node tagcloud.mjs cloud|flow|count [options]`
// takes tagcloud's own command line and writes the same bytes, so anyone can check that the
// WebAssembly engine lays out as the tool does:
//   node .build/web/tagcloud.mjs cloud --input t.tsv --shape heart -o a.svg
// It reads the files the command line (and a --config file) names, hands them to the engine with
// the fonts a layout asks for, and writes the output (atomically) or standard output. Exit status
// and messages are the tool's.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';
import { loadEngine } from './engine.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Whether `path` names a regular file. */
function isFile(path) {
  try { return statSync(path).isFile(); } catch { return false; }
}

/** A font file's bytes: at its own path, else in the site's copy (fonts/ + the path). */
function readFont(path) {
  for (const place of [path, join(here, 'fonts', path)]) if (isFile(place)) return readFileSync(place);
  return null;
}

/** A file of the site's (`stopwords/en.txt`, `icu/icudata.dat`), or null. */
function readSiteFile(path) {
  const place = join(here, path);
  return isFile(place) ? readFileSync(place) : null;
}

/** The string values of a configuration's JSON, nested ones too. */
function strings(value) {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/**
 * The files a command line names: every argument (or `--name=value` value) that is a file, except
 * the output; the files a --config file names; standard input when `-` is given.
 */
function namedFiles(args) {
  const files = {};
  const add = (path) => { if (!(path in files) && isFile(path)) files[path] = readFileSync(path); };
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (arg === '-o' || arg === '--output') { i++; continue; }
    if (arg.startsWith('--output=')) continue;
    const value = arg.startsWith('--') && arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (value === '-') { files['-'] = readFileSync(0); continue; }
    add(value);
    if (isFile(value) && /\.json$/i.test(value)) {
      try { strings(JSON.parse(readFileSync(value, 'utf8'))).forEach(add); } catch { /* the engine reports it */ }
    }
  }
  return files;
}

/** Writes `bytes` to `path` through a temporary file beside it, so no half-written file is left. */
function writeAtomically(path, bytes) {
  if (existsSync(path) && !statSync(path).isFile()) throw new Error(`${path} is not a regular file`);
  const temporary = join(dirname(resolve(path)), `.${process.pid}.tagcloud.tmp`);
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

const args = process.argv.slice(2);
const engine = await loadEngine(
  readFileSync(join(here, 'tagcloud.wasm')), readFileSync(join(here, 'fonts', 'manifest.json')), readFont, readSiteFile);
const result = engine.run(args, namedFiles(args));
for (const message of result.messages) process.stderr.write(`tagcloud: ${message}\n`);
if (result.status === 0 || result.output.length > 0) {
  try {
    if (result.path === '-') process.stdout.write(result.output);
    else if (result.path) writeAtomically(result.path, result.output);
  } catch (error) {
    process.stderr.write(`tagcloud: cannot write ${result.path}: ${error.message}\n`);
    process.exit(4);
  }
}
process.exitCode = result.status;
