/** Bash's `$'...'` quoting: any text, newlines and quotes included, as one word. */
export function ansiCQuote(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replaceAll('\x1b', '\\e');
  return `$'${escaped}'`;
}

/** What the log shows of a command, as GitLab Runner shows it: `$ command` in green, its first line only. */
function echoed(command: string): string {
  const lines = command.trim().split('\n');
  const shown = lines.length > 1 ? `${lines[0]} # collapsed multi-line command` : (lines[0] ?? '');
  return `\x1b[32;1m$ ${shown}\x1b[0;m`;
}

/**
 * A bash script that runs `commands` one after another as GitLab Runner's shell executor does:
 * stops at the first that fails (`set -eo pipefail`), shows each before it runs, and evaluates each
 * on its own so that one with a syntax error fails alone. Standard error goes with standard output.
 */
export function bashScript(commands: readonly string[]): string {
  const lines = ['exec 2>&1', 'set -eo pipefail', 'set +o noclobber'];
  for (const command of commands) {
    lines.push(`printf '%s\\n' ${ansiCQuote(echoed(command))}`);
    lines.push(`eval ${ansiCQuote(command)}`);
  }
  return `${lines.join('\n')}\n`;
}
