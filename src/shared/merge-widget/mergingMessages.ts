/**
 * The rotating texts shown while a merge runs. The spec asks for nine "Merging!" texts with emoji
 * without listing them; these are ours.
 */
export const MERGING_MESSAGES = [
  '🎉 Merging! Hold tight.',
  '🚀 Merging! Lift-off in progress.',
  '🧩 Merging! Fitting the pieces together.',
  '✨ Merging! A little sparkle for the target branch.',
  '🛠️ Merging! Tightening the last bolts.',
  '🌱 Merging! Your change is taking root.',
  '🎶 Merging! Commits in harmony.',
  '🏁 Merging! Almost at the finish line.',
  '☕ Merging! Time for a sip of coffee.',
] as const;

/** One of the texts, chosen by `random` (a `Math.random`-like source in [0, 1)). */
export function pickMergingMessage(random: () => number): string {
  const index = Math.min(
    Math.max(Math.floor(random() * MERGING_MESSAGES.length), 0),
    MERGING_MESSAGES.length - 1,
  );
  return MERGING_MESSAGES[index] ?? MERGING_MESSAGES[0];
}
