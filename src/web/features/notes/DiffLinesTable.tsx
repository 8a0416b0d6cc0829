import type { DiffLine } from '../../../shared/api/diffs';
// The lines look as they do on the Changes tab: its line colours and highlighter tokens.
import '../../components/diff-lines.css';

/** A diff line as threads carry it (their excerpts type `type` loosely). */
type Line = Pick<DiffLine, 'line_code' | 'old_line' | 'new_line' | 'rich_text'> & { type: string | null };

const lineClass = (line: Line): string =>
  line.type === 'new' ? 'diff-line--new' : line.type === 'old' ? 'diff-line--old' : '';

/** A few diff lines with their numbers, in a thread: the lines a comment was written on, or a push's change. */
export function DiffLinesTable({ lines, label }: { lines: readonly Line[]; label: string }) {
  return (
    <table className="diff-excerpt__lines" aria-label={label}>
      <tbody>
        {lines.map((line, index) => (
          <tr key={line.line_code ?? index}>
            <td className={`diff-num ${lineClass(line)}`}>{line.old_line ?? ''}</td>
            <td className={`diff-num ${lineClass(line)}`}>{line.new_line ?? ''}</td>
            {/* `rich_text` is the server's escaped highlighter output (only its own <span class> tokens). */}
            <td
              className={`diff-code ${lineClass(line)}`}
              dangerouslySetInnerHTML={{ __html: line.rich_text }}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
