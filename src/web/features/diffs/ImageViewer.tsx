import { SegmentedControl } from '@primer/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { DiffFile } from '../../../shared/api/diffs';
import { rawFileUrl } from '../repository/queries';
import { ImageNotesFrame, ImageNotesList } from './ImageNotes';
import {
  clampSwipe,
  dimensionsText,
  SWIPE_RESIZE_DEBOUNCE_MS,
  swipeFrame,
  type ImageDiffMode,
  type Size,
} from './imageDiff';

const MODES: Array<{ mode: ImageDiffMode; label: string }> = [
  { mode: 'twoup', label: '2-up' },
  { mode: 'swipe', label: 'Swipe' },
  { mode: 'onion', label: 'Onion skin' },
];

/** Spec 2.9: a new or deleted image alone; a replaced one in 2-up, swipe or onion skin. */
export function ImageViewer({ fullPath, file }: { fullPath: string; file: DiffFile }) {
  const before = file.new_file ? null : rawFileUrl(fullPath, file.diff_refs.base_sha, file.old_path);
  const after = file.deleted_file ? null : rawFileUrl(fullPath, file.diff_refs.head_sha, file.new_path);
  const [mode, setMode] = useState<ImageDiffMode>('twoup');
  const [sizes, setSizes] = useState<{ before?: Size; after?: Size }>({});
  const measure = (side: 'before' | 'after') => (event: React.SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    setSizes((current) => ({ ...current, [side]: { width, height } }));
  };
  const replaced = before !== null && after !== null;
  return (
    <div className="diff-image">
      {replaced && (
        <SegmentedControl aria-label="Image diff mode" size="small" className="diff-image__modes">
          {MODES.map((m) => (
            <SegmentedControl.Button key={m.mode} selected={mode === m.mode} onClick={() => setMode(m.mode)}>
              {m.label}
            </SegmentedControl.Button>
          ))}
        </SegmentedControl>
      )}
      {mode === 'twoup' || !replaced || !sizes.before || !sizes.after ? (
        <div className="diff-image__twoup">
          {before && (
            <Side
              url={before}
              alt={`${file.old_path} before`}
              kind="old"
              size={sizes.before}
              onLoad={measure('before')}
              notesOn={file.deleted_file ? file : null}
            >
              {file.deleted_file ? 'Deleted' : 'Before'}
            </Side>
          )}
          {after && (
            <Side
              url={after}
              alt={`${file.new_path} after`}
              kind="new"
              size={sizes.after}
              onLoad={measure('after')}
              notesOn={file}
            >
              {file.new_file ? 'New' : 'After'}
            </Side>
          )}
        </div>
      ) : mode === 'swipe' ? (
        <Swipe before={before} after={after} beforeSize={sizes.before} afterSize={sizes.after} />
      ) : (
        <Onion before={before} after={after} beforeSize={sizes.before} afterSize={sizes.after} />
      )}
      <ImageNotesList file={file} side={file.deleted_file ? 'old' : 'new'} />
    </div>
  );
}

function Side(props: {
  url: string;
  alt: string;
  kind: 'old' | 'new';
  size: Size | undefined;
  onLoad: (event: React.SyntheticEvent<HTMLImageElement>) => void;
  /** The side comments point at: the new image, or the old one of a deleted file. */
  notesOn?: DiffFile | null;
  children: string;
}) {
  const image = <img src={props.url} alt={props.alt} onLoad={props.onLoad} />;
  return (
    <figure className={`diff-image__side diff-image__side--${props.kind}`}>
      {props.notesOn ? <ImageNotesFrame file={props.notesOn}>{image}</ImageNotesFrame> : image}
      <figcaption>
        {props.children}
        {props.size && <span className="muted"> · {dimensionsText(props.size)}</span>}
      </figcaption>
    </figure>
  );
}

type PairProps = { before: string; after: string; beforeSize: Size; afterSize: Size };

function Swipe({ before, after, beforeSize, afterSize }: PairProps) {
  const frame = swipeFrame(beforeSize, afterSize);
  const [position, setPosition] = useState(frame.width / 2);
  const dragging = useRef(false);
  const frameRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A resize moves the frame under the bar: start again from the middle once resizing settles.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setPosition(frame.width / 2), SWIPE_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [frame.width]);
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !frameRef.current) return;
    setPosition(clampSwipe(event.clientX - frameRef.current.getBoundingClientRect().left, frame.width));
  };
  return (
    <div
      ref={frameRef}
      className="diff-image__frame"
      style={{ width: frame.width, height: frame.height }}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        move(event);
      }}
      onPointerMove={move}
      onPointerUp={() => (dragging.current = false)}
    >
      <img src={before} alt="before" className="diff-image__layer" draggable={false} />
      <div className="diff-image__swipe-after" style={{ width: position }}>
        <img src={after} alt="after" className="diff-image__layer" draggable={false} />
      </div>
      <div className="diff-image__swipe-bar" style={{ left: position }} role="separator" aria-label="Swipe" />
    </div>
  );
}

function Onion({ before, after, beforeSize, afterSize }: PairProps) {
  const frame = swipeFrame(beforeSize, afterSize);
  const [opacity, setOpacity] = useState(1);
  return (
    <div className="diff-image__onion">
      <div className="diff-image__frame" style={{ width: frame.width, height: frame.height }}>
        <img src={before} alt="before" className="diff-image__layer" />
        <img src={after} alt="after" className="diff-image__layer" style={{ opacity }} />
      </div>
      <label className="diff-image__opacity">
        Opacity
        <input
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={opacity}
          onChange={(event) => setOpacity(Number(event.target.value))}
        />
      </label>
    </div>
  );
}
