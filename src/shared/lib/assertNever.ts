/** Exhaustiveness guard for `switch` over union types: a new member breaks the build here. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
