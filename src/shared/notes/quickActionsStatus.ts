/** Spec 001 section 5: what the server says it did with quick actions, or "Commands applied". */
export const COMMANDS_APPLIED = 'Commands applied';

type QuickActionsStatus = { messages: string[] | null; command_names: string[]; error?: boolean };

export type QuickActionsNotice = { text: string; error: boolean };

export function quickActionsNotice(status: QuickActionsStatus | undefined): QuickActionsNotice | null {
  if (!status || status.command_names.length === 0) return null;
  const messages = (status.messages ?? []).filter((message) => message.trim() !== '');
  return { text: messages.length ? messages.join(' ') : COMMANDS_APPLIED, error: status.error === true };
}
