import { describe, expect, it } from 'vitest';
import { reportedFromHref } from './abuseReportDisplay';

describe('reportedFromHref', () => {
  it.each([
    [
      'http://localhost:3000/g/p/-/merge_requests/1#note_5',
      'http://localhost:3000/g/p/-/merge_requests/1#note_5',
    ],
    ['https://example.com/x', 'https://example.com/x'],
    ['/g/p/-/issues/3', '/g/p/-/issues/3'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example/x', null],
    ['', null],
    ['not a url', null],
  ])('%j links to %j', (url, href) => {
    expect(reportedFromHref(url)).toBe(href);
  });
});
