import { SegmentedControl, Spinner, ToggleSwitch } from '@primer/react';
import { useState } from 'react';
import { DismissibleFlash } from '../../components/DismissibleFlash';
import './pipeline-links.css';

/** How the graph groups its jobs: a column per stage, or a column per layer of needs. */
export type GraphViewType = 'stage' | 'layer';

/** Where the chosen view is kept, in this browser, as GitLab keeps it (its `VIEW_TYPE_KEY`). */
const VIEW_TYPE_KEY = 'pipeline_graph_view_type';
/** GitLab keeps the tip's dismissal as a user callout of this name; here, in this browser. */
const HOVER_TIP_KEY = 'pipeline_needs_hover_tip';

const stored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // A browser that keeps nothing starts from the default next time.
  }
};

/** The view chosen last in this browser, the stage view when none was. */
export function storedViewType(): GraphViewType {
  return stored(VIEW_TYPE_KEY) === 'layer' ? 'layer' : 'stage';
}

/** Keeps the chosen view for the next pipeline page. */
export function storeViewType(type: GraphViewType): void {
  store(VIEW_TYPE_KEY, type);
}

/**
 * "Group jobs by: Stage | Job dependencies" and, in the needs view, the "Show dependencies"
 * switch; with links shown, a tip says what a hover does until it is dismissed.
 */
export function GraphViewSelector({
  type,
  onType,
  showLinks,
  onShowLinks,
  switching,
  drawingLinks,
}: {
  type: GraphViewType;
  onType: (type: GraphViewType) => void;
  showLinks: boolean;
  onShowLinks: (show: boolean) => void;
  /** The graph is still being laid out in the chosen view. */
  switching: boolean;
  /** The links are still being drawn or taken away. */
  drawingLinks: boolean;
}) {
  const [tipDismissed, setTipDismissed] = useState(() => stored(HOVER_TIP_KEY) === 'true');
  const dismissTip = () => {
    setTipDismissed(true);
    store(HOVER_TIP_KEY, 'true');
  };
  return (
    <>
      <div className="ci-graph-view">
        <span id="ci-graph-view-label">Group jobs by</span>
        <SegmentedControl aria-labelledby="ci-graph-view-label" size="small">
          <SegmentedControl.Button selected={type === 'stage'} onClick={() => onType('stage')}>
            Stage
          </SegmentedControl.Button>
          <SegmentedControl.Button selected={type === 'layer'} onClick={() => onType('layer')}>
            Job dependencies
          </SegmentedControl.Button>
        </SegmentedControl>
        {switching && <Spinner size="small" srText="Loading the graph" />}
        {type === 'layer' && (
          <span className="ci-graph-view__links">
            <span id="ci-graph-links-label">Show dependencies</span>
            <ToggleSwitch
              aria-labelledby="ci-graph-links-label"
              size="small"
              checked={showLinks}
              loading={drawingLinks}
              onChange={onShowLinks}
            />
          </span>
        )}
      </div>
      {type === 'layer' && showLinks && !tipDismissed && (
        <DismissibleFlash variant="default" onDismiss={dismissTip}>
          Tip: Hover over a job to see the jobs it depends on to run.
        </DismissibleFlash>
      )}
    </>
  );
}
