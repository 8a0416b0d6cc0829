import './markdown.css';

/**
 * HTML rendered and sanitized by the server (`description_html`, the markdown API); the client
 * never renders markdown or trusts HTML from anywhere else.
 */
export function MarkdownBody({ html }: { html: string }) {
  return <div className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
