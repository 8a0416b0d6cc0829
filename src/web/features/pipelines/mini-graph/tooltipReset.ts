import { ACTION_TOOLTIP_RESET_MS } from '../../../../shared/ci/views/stageDropdown';

/**
 * Hides an action button's tooltip on a click and shows it again after 1000 ms, so that the
 * tooltip of the button clicked does not hang over the list while the action runs; a second click
 * meanwhile starts the wait again. `dispose` drops a pending reset (the button went away).
 */
export function tooltipReset(onChange: (hidden: boolean) => void, delayMs = ACTION_TOOLTIP_RESET_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    hide() {
      clearTimeout(timer);
      onChange(true);
      timer = setTimeout(() => {
        timer = undefined;
        onChange(false);
      }, delayMs);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
