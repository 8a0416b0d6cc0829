import { Button, Flash } from '@primer/react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isLinkHighlighted, linkPath, type JobLink, type LinkRect } from '../../../shared/ci/views/jobLinks';
import './pipeline-links.css';

/** The attribute a job item's box carries its job name in: what the links layer measures. */
export const JOB_NAME_ATTRIBUTE = 'data-job-name';

type DrawnLink = JobLink & { path: string };
type Drawing = { width: number; height: number; links: DrawnLink[] };

/**
 * Reads every job item's box in one pass (reads only, so the browser lays out once) and turns
 * the links into paths relative to the container.
 */
function draw(container: HTMLElement, links: readonly JobLink[]): Drawing {
  const origin = container.getBoundingClientRect();
  const boxes = new Map<string, LinkRect>();
  for (const item of container.querySelectorAll<HTMLElement>(`[${JOB_NAME_ATTRIBUTE}]`)) {
    const box = item.getBoundingClientRect();
    boxes.set(item.getAttribute(JOB_NAME_ATTRIBUTE) ?? '', {
      left: box.left - origin.left,
      top: box.top - origin.top,
      right: box.right - origin.left,
      bottom: box.bottom - origin.top,
    });
  }
  const drawn: DrawnLink[] = [];
  for (const link of links) {
    const source = boxes.get(link.source);
    const target = boxes.get(link.target);
    if (source && target) drawn.push({ ...link, path: linkPath(source, target) });
  }
  return { width: container.scrollWidth, height: container.scrollHeight, links: drawn };
}

/** The links with the highlighted chain last, so that no dimmed link is painted over it. */
function inPaintOrder(links: readonly DrawnLink[], highlighted: ReadonlySet<string> | null) {
  const marked = links.map((link) => ({
    link,
    lit: highlighted !== null && isLinkHighlighted(link, highlighted),
  }));
  return highlighted ? [...marked.filter(({ lit }) => !lit), ...marked.filter(({ lit }) => lit)] : marked;
}

/** The job a pointer or the keyboard focus is on, found from the element the event reached. */
const jobAt = (target: EventTarget | null): string =>
  (target instanceof Element &&
    target.closest(`[${JOB_NAME_ATTRIBUTE}]`)?.getAttribute(JOB_NAME_ATTRIBUTE)) ||
  '';

/**
 * The columns of the "Job dependencies" view over an SVG layer of links, drawn when `drawn` is
 * on: from each needed job to the job that needs it, redrawn when the layout changes (new
 * columns, a column or the window resized). It reports the job under the pointer or the focus,
 * and highlights the links of the `highlighted` needs chain, dimming the rest.
 */
export function LinksLayer({
  links,
  drawn,
  highlighted,
  onHoverJob,
  columns,
  children,
}: {
  links: readonly JobLink[];
  drawn: boolean;
  /** The hovered job's needs chain, or null when no job is hovered. */
  highlighted: ReadonlySet<string> | null;
  onHoverJob: (name: string) => void;
  /** The columns the children show: new columns are a new layout to draw the links on. */
  columns: unknown;
  children: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  // Without links a hover highlights nothing: no render for it either.
  const hover = (name: string) => {
    if (drawn) onHoverJob(name);
  };

  useLayoutEffect(() => {
    const element = container.current;
    if (!drawn || !element) {
      setDrawing(null);
      return;
    }
    const redraw = () => setDrawing(draw(element, links));
    redraw();
    // An observer reports every element once when it starts watching: drawn just above.
    let started = false;
    const observer = new ResizeObserver(() => {
      if (started) redraw();
      started = true;
    });
    observer.observe(element);
    for (const column of element.querySelectorAll(':scope > :not(svg)')) observer.observe(column);
    return () => observer.disconnect();
  }, [drawn, links, columns]);

  return (
    <div
      ref={container}
      className="ci-links-container"
      onMouseOver={(event) => hover(jobAt(event.target))}
      onMouseLeave={() => hover('')}
      onFocus={(event) => hover(jobAt(event.target))}
      onBlur={(event) => {
        // Focus moving on to another job highlights that one: one render, not a clear and a highlight.
        if (!event.currentTarget.contains(event.relatedTarget)) hover('');
      }}
    >
      {drawn && drawing && (
        <svg
          className="ci-links"
          width={drawing.width}
          height={drawing.height}
          viewBox={`0 0 ${drawing.width} ${drawing.height}`}
          aria-hidden="true"
        >
          {inPaintOrder(drawing.links, highlighted).map(({ link, lit }) => (
            <path
              key={`${link.source}-${link.target}`}
              className={`ci-link${lit ? ' ci-link--highlighted' : highlighted ? ' ci-link--faded' : ''}`}
              d={link.path}
              data-source={link.source}
              data-target={link.target}
            />
          ))}
        </svg>
      )}
      {children}
    </div>
  );
}

/** GitLab's warning for a graph of too many job items (`MAX_GROUPS`): links are drawn when asked. */
export function LinksAlert({ onShowLinksAnyways }: { onShowLinksAnyways: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <Flash className="ci-links-alert">
      <p>
        This graph has a large number of jobs and showing the links between them may have performance
        implications.
      </p>
      <div className="ci-links-alert__actions">
        <Button size="small" onClick={onShowLinksAnyways}>
          Show links anyways
        </Button>
        <Button size="small" variant="invisible" onClick={() => setDismissed(true)}>
          Dismiss
        </Button>
      </div>
    </Flash>
  );
}
