import { TrashIcon } from '@primer/octicons-react';
import { Button, Flash, FormControl, Heading, IconButton, Spinner, TextInput } from '@primer/react';
import { useId, useState, type FormEvent } from 'react';
import type { MetricImage } from '../../../shared/api/metricImages';
import { useMetricImageMutations } from './mutations';
import { useMetricImages } from './queries';

type Props = { fullPath: string; iid: number; canEdit: boolean };

/** An incident's "Metrics": screenshots of charts, each linking to its original graph. */
export function IncidentMetrics({ fullPath, iid, canEdit }: Props) {
  const images = useMetricImages(fullPath, iid);
  const { upload, remove } = useMetricImageMutations(fullPath, iid);
  const failure = upload.error ?? remove.error;
  return (
    <section className="box incident-metrics" aria-label="Metrics">
      <Heading as="h2" className="incident-timeline__title">
        Metrics
      </Heading>
      {failure && <Flash variant="danger">{failure.message}</Flash>}
      {images.isPending ? (
        <Spinner size="small" />
      ) : images.isError ? (
        <Flash variant="danger">{images.error.message}</Flash>
      ) : images.data.length === 0 ? (
        <p className="muted">No metric images have been added yet.</p>
      ) : (
        <ul className="incident-metrics__images" aria-label="Metric images">
          {images.data.map((image) => (
            <MetricImageCard
              key={image.id}
              image={image}
              onDelete={canEdit ? () => remove.mutate(image.id) : null}
            />
          ))}
        </ul>
      )}
      {canEdit && <UploadForm pending={upload.isPending} onUpload={(input) => upload.mutate(input)} />}
    </section>
  );
}

function MetricImageCard({ image, onDelete }: { image: MetricImage; onDelete: (() => void) | null }) {
  // Served by this page's own origin, whatever address the server was configured with.
  const src = new URL(image.file_path, window.location.origin).pathname;
  const picture = <img src={src} alt={image.url_text ?? image.filename} />;
  return (
    <li className="incident-metrics__image">
      <div className="incident-metrics__caption">
        <span>{image.url_text ?? image.filename}</span>
        {onDelete && (
          <IconButton
            size="small"
            variant="invisible"
            icon={TrashIcon}
            aria-label={`Delete ${image.filename}`}
            onClick={onDelete}
          />
        )}
      </div>
      {image.url ? (
        <a href={image.url} target="_blank" rel="noopener noreferrer">
          {picture}
        </a>
      ) : (
        picture
      )}
    </li>
  );
}

type Upload = { file: File; url: string; urlText: string };

function UploadForm({ pending, onUpload }: { pending: boolean; onUpload: (input: Upload) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [urlText, setUrlText] = useState('');
  // A plain file input is not one of the inputs FormControl wires up: it names it through this id.
  const imageId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) onUpload({ file, url, urlText });
  };
  return (
    <form className="incident-metrics__form" aria-label="Upload a metric image" onSubmit={submit}>
      <FormControl required id={imageId}>
        <FormControl.Label>Image</FormControl.Label>
        <input
          id={imageId}
          type="file"
          accept="image/*"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </FormControl>
      <FormControl>
        <FormControl.Label>Text</FormControl.Label>
        <TextInput value={urlText} maxLength={128} onChange={(event) => setUrlText(event.target.value)} />
      </FormControl>
      <FormControl>
        <FormControl.Label>Link</FormControl.Label>
        <TextInput
          type="url"
          value={url}
          placeholder="https://"
          maxLength={255}
          onChange={(event) => setUrl(event.target.value)}
        />
      </FormControl>
      <Button type="submit" disabled={!file} loading={pending}>
        Upload
      </Button>
    </form>
  );
}
