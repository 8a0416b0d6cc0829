import { ClockIcon } from '@primer/octicons-react';
import { Flash, Heading, Label, RelativeTime, Spinner } from '@primer/react';
import { MarkdownBody } from '../../components/MarkdownBody';
import { useTimelineEvents } from './queries';

/** An incident's timeline: comments promoted with "Add comment to incident timeline", oldest first. */
export function IncidentTimeline({ fullPath, iid }: { fullPath: string; iid: number }) {
  const events = useTimelineEvents(fullPath, iid, true);
  return (
    <section className="box incident-timeline" aria-label="Timeline">
      <Heading as="h2" className="incident-timeline__title">
        Timeline
      </Heading>
      {events.isPending ? (
        <Spinner size="small" />
      ) : events.isError ? (
        <Flash variant="danger">{events.error.message}</Flash>
      ) : events.data.length === 0 ? (
        <p className="muted">No timeline items have been added yet.</p>
      ) : (
        <ol className="incident-timeline__events">
          {events.data.map((event) => (
            <li key={event.id} className="incident-timeline__event">
              <ClockIcon className="incident-timeline__icon" />
              <div>
                <div className="muted incident-timeline__time">
                  <time dateTime={event.occurred_at}>
                    {new Date(event.occurred_at).toISOString().slice(11, 16)} UTC
                  </time>{' '}
                  · <RelativeTime date={new Date(event.occurred_at)} />
                  {event.author && ` · ${event.author.name}`}
                  {event.internal && (
                    <>
                      {' '}
                      <Label variant="attention">Internal note</Label>
                    </>
                  )}
                </div>
                <MarkdownBody html={event.note_html} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
