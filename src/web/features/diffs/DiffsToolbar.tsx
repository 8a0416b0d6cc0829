import type { ReactNode, Ref } from 'react';
import { Button, Checkbox, FormControl, IconButton, SegmentedControl, Select } from '@primer/react';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  SidebarCollapseIcon,
  SidebarExpandIcon,
} from '@primer/octicons-react';
import type { DiffsMetadata } from '../../../shared/api/diffs';
import { neighbourCommit } from './commitNavigation';
import { DiffStatsBar } from './DiffStatsBar';
import {
  CONTEXT_COMMITS,
  HEAD,
  offersVersionChoice,
  versionOptions,
  type VersionChoice,
} from './versionOptions';
import type { DiffPreferences } from './diffPreferences';

type Props = {
  metadata: DiffsMetadata;
  prefs: DiffPreferences;
  onPrefs: (change: Partial<DiffPreferences>) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  /** Compared with the target's head as merged. */
  diffHead: boolean;
  onVersion: (choice: VersionChoice) => void;
  onCommit: (commitId: string | null) => void;
  loading: boolean;
  /** The find-in-changes box, kept in the sticky bar so it stays at hand while scrolling. */
  search: ReactNode;
  ref?: Ref<HTMLDivElement>;
};

/** The bar above the files: tree toggle, versions, stats and the display choices. */
export function DiffsToolbar({
  metadata,
  prefs,
  onPrefs,
  onExpandAll,
  onCollapseAll,
  diffHead,
  onVersion,
  onCommit,
  loading,
  search,
  ref,
}: Props) {
  return (
    <div ref={ref} className="diffs-toolbar">
      <IconButton
        icon={prefs.showTree ? SidebarExpandIcon : SidebarCollapseIcon}
        aria-label={prefs.showTree ? 'Hide file browser' : 'Show file browser'}
        size="small"
        onClick={() => onPrefs({ showTree: !prefs.showTree })}
      />
      <VersionDropdowns metadata={metadata} diffHead={diffHead} onVersion={onVersion} />
      {metadata.commit && (
        <span className="diffs-toolbar__commit">
          <IconButton
            icon={ChevronLeftIcon}
            aria-label="Previous commit"
            size="small"
            disabled={neighbourCommit(metadata.commit, 'previous', loading) === null}
            onClick={() => onCommit(neighbourCommit(metadata.commit, 'previous', loading))}
          />
          <span className="muted">
            Commit <code>{metadata.commit.short_id}</code> {metadata.commit.title}
          </span>
          <IconButton
            icon={ChevronRightIcon}
            aria-label="Next commit"
            size="small"
            disabled={neighbourCommit(metadata.commit, 'next', loading) === null}
            onClick={() => onCommit(neighbourCommit(metadata.commit, 'next', loading))}
          />
        </span>
      )}
      <DiffStatsBar files={metadata.diff_files} />
      <span className="diffs-toolbar__spacer" />
      {search}
      <Button size="small" onClick={onExpandAll}>
        Expand all
      </Button>
      <Button size="small" onClick={onCollapseAll}>
        Collapse all
      </Button>
      <SegmentedControl aria-label="Diff view" size="small">
        <SegmentedControl.Button
          selected={prefs.view === 'inline'}
          onClick={() => onPrefs({ view: 'inline' })}
        >
          Inline
        </SegmentedControl.Button>
        <SegmentedControl.Button
          selected={prefs.view === 'parallel'}
          onClick={() => onPrefs({ view: 'parallel' })}
        >
          Side-by-side
        </SegmentedControl.Button>
      </SegmentedControl>
      <FormControl>
        <Checkbox
          checked={prefs.showWhitespace}
          onChange={(e) => onPrefs({ showWhitespace: e.target.checked })}
        />
        <FormControl.Label>Show whitespace changes</FormControl.Label>
      </FormControl>
      <FormControl>
        <Checkbox checked={prefs.fileByFile} onChange={(e) => onPrefs({ fileByFile: e.target.checked })} />
        <FormControl.Label>Show one file at a time</FormControl.Label>
      </FormControl>
    </div>
  );
}

/**
 * Spec 2.7 version compare, GitLab's order: "Compare {source version} and {base or an older
 * version}"; "previously merged commits" among the sources is compared with nothing.
 */
function VersionDropdowns({
  metadata,
  diffHead,
  onVersion,
}: {
  metadata: DiffsMetadata;
  diffHead: boolean;
  onVersion: (choice: VersionChoice) => void;
}) {
  const versions = metadata.merge_request_diffs;
  const options = versionOptions(metadata, diffHead);
  if (options.source === null || !offersVersionChoice(options)) return null;
  const shown = versions.find((v) => String(v.id) === options.source);
  return (
    <span className="diffs-toolbar__versions">
      <span className="muted">Compare</span>
      <FormControl>
        <FormControl.Label visuallyHidden>Version</FormControl.Label>
        <Select
          size="small"
          value={options.source}
          onChange={(e) => {
            if (e.target.value === CONTEXT_COMMITS) return onVersion({ contextCommits: true });
            const chosen = versions.find((v) => String(v.id) === e.target.value);
            onVersion({ diffId: chosen && !chosen.latest ? chosen.id : undefined });
          }}
        >
          {options.sources.map((o) => (
            <Select.Option key={o.value} value={o.value}>
              {o.label}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      {shown && options.target !== null && options.targets.length > 0 && (
        <>
          <span className="muted">and</span>
          <FormControl>
            <FormControl.Label visuallyHidden>Compare with</FormControl.Label>
            <Select
              size="small"
              value={options.target}
              onChange={(e) => {
                const start = versions.find((v) => String(v.id) === e.target.value);
                onVersion({
                  diffId: shown.latest ? undefined : shown.id,
                  startSha: start?.head_commit_sha,
                  diffHead: e.target.value === HEAD,
                });
              }}
            >
              {options.targets.map((o) => (
                <Select.Option key={o.value} value={o.value}>
                  {o.label}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
        </>
      )}
    </span>
  );
}
