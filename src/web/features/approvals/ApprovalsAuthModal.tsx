import { Dialog, Flash, FormControl, TextInput } from '@primer/react';
import { useState } from 'react';
import { APPROVALS_AUTH_MODAL_ID } from '../../../shared/approvals';

type Props = {
  /** 'Approval password is invalid.' under the field after a 401. */
  passwordError: string | null;
  /** Any other failure, said in the dialog (002 §8). */
  alert: string | null;
  pending: boolean;
  onApprove: (password: string) => void;
  onClose: () => void;
};

/**
 * The password check before an approval (modal id `approvals-auth`, 002 §2): the user's own
 * password, sent as `approval_password`.
 */
export function ApprovalsAuthModal({ passwordError, alert, pending, onApprove, onClose }: Props) {
  const [password, setPassword] = useState('');
  return (
    <Dialog
      title="Enter your password to approve"
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        {
          content: 'Approve',
          buttonType: 'primary',
          type: 'submit',
          form: APPROVALS_AUTH_MODAL_ID,
          loading: pending,
        },
      ]}
    >
      <form
        id={APPROVALS_AUTH_MODAL_ID}
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          onApprove(password);
        }}
      >
        {alert && <Flash variant="danger">{alert}</Flash>}
        <p>
          To approve this merge request, please enter your password. This project requires all approvals to be
          authenticated.
        </p>
        <FormControl required>
          <FormControl.Label>Your password</FormControl.Label>
          <TextInput
            block
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            validationStatus={passwordError ? 'error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {passwordError && <FormControl.Validation variant="error">{passwordError}</FormControl.Validation>}
        </FormControl>
      </form>
    </Dialog>
  );
}
