// Declarations for tagcloud.js, TagCloud's WebAssembly engine for web pages.

/** A word of a configuration's `tags`. */
export interface Tag {
  text: string;
  weight?: number;
  color?: string;
  link?: string;
  /** Pins the word: its origin in points (with `y`). */
  x?: number;
  y?: number;
  group?: string;
}

/**
 * The keys of `tagcloud cloud --config` (or `flow`), by their long option names: `width`,
 * `height`, `shape`, `rotate`, `font`, `palette`, `seed`, `legend`… (docs/command-line.md).
 */
export interface Config {
  tags?: Tag[] | Record<string, number>;
  [option: string]: unknown;
}

/** What a command gave: the tool's exit status and messages, and the output. */
export interface RunResult {
  status: number;
  messages: string[];
  /** Where `-o` said to write the output (`-`: standard output). */
  path: string;
  output: Uint8Array;
  /** The layout in each further format asked for. */
  also: Uint8Array[];
}

/** A placed word of a layout, as the layout JSON holds it (docs/json-layout.md). */
export interface PlacedWord {
  text: string;
  index: number;
  weight: number;
  fontSize: number;
  color: string;
  rotation?: number;
  origin: { x: number; y: number };
  frame: { x: number; y: number; width: number; height: number };
  [field: string]: unknown;
}

/** A layout: the canvas, the words placed and those left out. */
export interface Layout {
  kind: 'cloud' | 'flow';
  size: { width: number; height: number };
  placed: PlacedWord[];
  unplaced?: { index: number; text: string; reason: string }[];
  [field: string]: unknown;
}

/**
 * The options of `tagcloud count`, by their long names in camel case (docs/command-line.md):
 * `stopwords` and `addStopwords` take the text of a stop-word file (one word a line).
 */
export interface CountOptions {
  language?: string;
  top?: number;
  stopwords?: string;
  addStopwords?: string | string[];
  noStopwords?: boolean;
  noCollocations?: boolean;
  phrase?: string | string[];
  minLength?: number;
  numbers?: boolean;
  keepHyphens?: boolean;
  noPlurals?: boolean;
  noClitics?: boolean;
  wordPattern?: string;
  quiet?: boolean;
}

/** A counted word (or collocation, or phrase) and how often it occurs. */
export interface CountedTerm {
  text: string;
  weight: number;
}

/** A command the engine refused or could not finish. */
export declare class TagCloudError extends Error {
  /** The exit status `tagcloud` gives: 1 usage, 2 input, 3 words left out, 4 output. */
  status: number;
  messages: string[];
}

/** The engine, in a Web Worker. */
export declare class TagCloud {
  /** `base`: where the site's files are (default: beside tagcloud.js). */
  constructor(options?: { base?: string | URL });
  /** Runs a `cloud`, `flow` or `count` command line with the files it names (path → text or bytes). */
  run(args: string[], files?: Record<string, string | Uint8Array>, also?: string[]): Promise<RunResult>;
  /**
   * Lays out a configuration: the layout JSON (parsed) and its SVG. `files` holds the files the
   * configuration names by path, such as a PNG `mask` or `color-image`.
   */
  layout(
    config: Config,
    options?: { command?: 'cloud' | 'flow'; files?: Record<string, string | Uint8Array> },
  ): Promise<{ layout: Layout; svg: string; messages: string[]; status: number }>;
  /**
   * A PNG Blob of a configuration, drawn by the browser from the layout's SVG with words as
   * outlines: the tool's geometry, not the tool's bytes. Needs a page (a canvas).
   */
  png(
    config: Config,
    options?: { command?: 'cloud' | 'flow'; files?: Record<string, string | Uint8Array>; scale?: number },
  ): Promise<Blob>;
  /**
   * Counts the words of a text as `tagcloud count --text` does: the table, most frequent first,
   * the notes, and the code of the language it was counted in ('' when none was found).
   */
  count(text: string, options?: CountOptions): Promise<{ table: CountedTerm[]; messages: string[]; language: string }>;
  /** Stops the worker. */
  terminate(): void;
}

/** The `word<TAB>weight` lines the engine writes (a count's table, typed words) as terms. */
export declare function tagTable(bytes: Uint8Array): CountedTerm[];

/** An SVG the engine wrote, drawn by the browser at `scale` and encoded as a PNG Blob. */
export declare function pngFromSVG(svg: string, options?: { scale?: number }): Promise<Blob>;
