import { SegmentedControl } from '@primer/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { DiffFile } from '../../../shared/api/diffs';
import { rawFileUrl } from '../repository/queries';
import { ImageNotesFrame, ImageNotesList } from './ImageNotes';
import {
  clampSwipe,
  imageDiffKind,
  imageInfoText,
  SWIPE_KEY_STEP,
  SWIPE_RESIZE_DEBOUNCE_MS,
  swipeFrame,
  type ImageDiffKind,
  type ImageDiffMode,
  type Size,
} from './imageDiff';

const MODES: Array<{ mode: ImageDiffMode; label: string }> = [
  { mode: 'twoup', label: '2-up' },
  { mode: 'swipe', label: 'Swipe' },
  { mode: 'onion', label: 'Onion skin' },
];

/** Spec 2.9: a new, deleted or renamed image alone; a replaced one in 2-up, swipe or onion skin. */
export function ImageViewer({ fullPath, file }: { fullPath: string; file: DiffFile }) {
  const kind = imageDiffKind(file);
  const before = file.new_file ? null : rawFileUrl(fullPath, file.diff_refs.base_sha, file.old_path);
  const after = file.deleted_file ? null : rawFileUrl(fullPath, file.diff_refs.head_sha, file.new_path);
  const [mode, setMode] = useState<ImageDiffMode>('twoup');
  const [sizes, setSizes] = useState<{ before?: Size; after?: Size }>({});
  const measure = (side: 'before' | 'after') => (event: React.SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    setSizes((current) => ({ ...current, [side]: { width, height } }));
  };
  const beforeInfo = imageInfoText(file.old_size, sizes.before);
  const afterInfo = imageInfoText(file.new_size, sizes.after);
  const replaced = kind === 'replaced' && before !== null && after !== null;
  // Swipe and onion skin lay both images in one frame, so they wait until both are measured.
  const pair: PairProps | null =
    replaced && sizes.before && sizes.after
      ? { file, before, after, beforeSize: sizes.before, afterSize: sizes.after }
      : null;
  return (
    <div className={`diff-image diff-image--${kind}`}>
      {replaced && (
        <SegmentedControl aria-label="Image diff mode" size="small" className="diff-image__modes">
          {MODES.map((m) => (
            <SegmentedControl.Button key={m.mode} selected={mode === m.mode} onClick={() => setMode(m.mode)}>
              {m.label}
            </SegmentedControl.Button>
          ))}
        </SegmentedControl>
      )}
      {mode === 'twoup' || !pair ? (
        <div className="diff-image__twoup">
          {before && kind !== 'renamed' && (
            <Side
              url={before}
              alt={`${file.old_path} before`}
              kind="old"
              info={beforeInfo}
              onLoad={measure('before')}
              notesOn={file.deleted_file ? file : null}
            >
              {kind === 'deleted' ? 'Deleted' : 'Before'}
            </Side>
          )}
          {after && (
            <Side
              url={after}
              alt={`${file.new_path} after`}
              kind="new"
              info={afterInfo}
              onLoad={measure('after')}
              notesOn={file}
            >
              {SIDE_LABELS[kind]}
            </Side>
          )}
        </div>
      ) : (
        <>
          {mode === 'swipe' ? <Swipe {...pair} /> : <Onion {...pair} />}
          <p className="diff-image__infos">
            <span>
              <strong>Before</strong> <span className="muted">{beforeInfo}</span>
            </span>
            <span>
              <strong>After</strong> <span className="muted">{afterInfo}</span>
            </span>
          </p>
        </>
      )}
      {kind === 'renamed' && (
        <p className="muted diff-image__renamed">
          Renamed from <code>{file.old_path}</code>
        </p>
      )}
      <ImageNotesList file={file} side={file.deleted_file ? 'old' : 'new'} />
    </div>
  );
}

/** The caption of the image a kind shows on its new side. */
const SIDE_LABELS: Record<ImageDiffKind, string> = {
  replaced: 'After',
  new: 'New',
  deleted: 'Deleted',
  renamed: 'Renamed',
};

function Side(props: {
  url: string;
  alt: string;
  kind: 'old' | 'new';
  /** File size and dimensions, as far as they are known yet. */
  info: string;
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
        <strong>{props.children}</strong>
        {props.info && <span className="muted diff-image__info">{props.info}</span>}
      </figcaption>
    </figure>
  );
}

type PairProps = { file: DiffFile; before: string; after: string; beforeSize: Size; afterSize: Size };

/**
 * Swipe: the new image over the old one up to the bar. The bar moves by dragging it (or with the
 * arrow keys once focused); a click on the image itself comments on the new image, as in 2-up.
 */
function Swipe({ file, before, after, beforeSize, afterSize }: PairProps) {
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
    <div ref={frameRef} className="diff-image__frame" style={{ width: frame.width, height: frame.height }}>
      <img src={before} alt="before" className="diff-image__layer" draggable={false} />
      <div className="diff-image__swipe-after" style={{ width: position }}>
        <img src={after} alt="after" className="diff-image__layer" draggable={false} />
      </div>
      <ImageNotesFrame file={file} layer={afterSize} />
      <div
        className="diff-image__swipe-bar"
        style={{ left: position }}
        role="separator"
        aria-label="Swipe"
        aria-orientation="vertical"
        aria-valuemin={0}
        aria-valuemax={frame.width}
        aria-valuenow={Math.round(position)}
        tabIndex={0}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={move}
        onPointerUp={() => (dragging.current = false)}
        onKeyDown={(event) => {
          const step = { ArrowLeft: -SWIPE_KEY_STEP, ArrowRight: SWIPE_KEY_STEP }[event.key];
          if (step === undefined) return;
          event.preventDefault();
          setPosition((current) => clampSwipe(current + step, frame.width));
        }}
      />
    </div>
  );
}

/** Onion skin: the new image over the old one at the slider's opacity; a click on it comments on the new image. */
function Onion({ file, before, after, beforeSize, afterSize }: PairProps) {
  const frame = swipeFrame(beforeSize, afterSize);
  const [opacity, setOpacity] = useState(1);
  return (
    <div className="diff-image__onion">
      <div className="diff-image__frame" style={{ width: frame.width, height: frame.height }}>
        <img src={before} alt="before" className="diff-image__layer" />
        <img src={after} alt="after" className="diff-image__layer" style={{ opacity }} />
        <ImageNotesFrame file={file} layer={afterSize} />
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
