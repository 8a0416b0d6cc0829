/**
 * The few web platform APIs that browsers and Node both have. src/shared is compiled without the
 * DOM's types and without Node's (tsconfig.json here), so that pure rules run in both: these are
 * all of either runtime they may use. Only this folder's project reads this file.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  append(name: string, value: string): void;
  get(name: string): string | null;
  has(name: string): boolean;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly origin: string;
  readonly searchParams: URLSearchParams;
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  toString(): string;
}

/** Tests time pure rules' worst cases with it. */
declare const performance: { now(): number };
