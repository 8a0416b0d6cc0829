/**
 * Markdown that once held the server's thread or crashed the renderer: each entry is answered, as
 * preview, note, description and commit message, within the render budget (markdown-complexity.test.ts).
 * Add what the next probe finds.
 */
export type CorpusEntry = { name: string; text: string };

const references = Array.from({ length: 10_000 }, (_, i) => `@user${i} #${i + 1} !${i + 1}`).join(' ');

export const markdownCorpus: CorpusEntry[] = [
  { name: '"- " x 50,000 (one thematic break)', text: '- '.repeat(50_000) },
  { name: '"- " x 50,000 and a word (a list nested 50,000 deep)', text: `${'- '.repeat(50_000)}x` },
  { name: '"- " x 1,000 and a word (a 2 KB comment)', text: `${'- '.repeat(1_000)}x` },
  { name: '"> " x 50,000 (a stack overflow)', text: '> '.repeat(50_000) },
  { name: '"*_" x 150,000', text: '*_'.repeat(150_000) },
  { name: '"![" x 300,000', text: '!['.repeat(300_000) },
  { name: '"[" x 100,000', text: '['.repeat(100_000) },
  { name: '200,000 backticks', text: '`'.repeat(200_000) },
  { name: '10,000 mentions and references', text: references },
  {
    name: 'lists 100 deep (the nesting limit) on 4,000 lines',
    text: `${'- '.repeat(100)}x\n`.repeat(4_000),
  },
];
