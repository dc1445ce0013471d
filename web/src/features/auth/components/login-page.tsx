import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Form } from 'react-aria-components';
import type { User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../../components/ui/text-field.tsx';
import { LOGGED_OUT_MESSAGE, saveSessionAtom, sessionNoticeAtom } from '../../../lib/session.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { loginCommand } from '../api/auth-api.ts';

export interface LoginPageProps {
  /** Told who signed in, just before the session is stored, so the caller can choose where to go. */
  onSignedIn: (user: User) => void;
}

export function LoginPage({ onSignedIn }: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useCommand(loginCommand);
  const { isPending: pending, error } = signIn;
  const notice = useAtomValue(sessionNoticeAtom);
  const saveSession = useSetAtom(saveSessionAtom);
  const setNotice = useSetAtom(sessionNoticeAtom);

  const canSubmit = username.trim() !== '' && password.trim() !== '' && !pending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    signIn.run(
      { username: username.trim(), password },
      {
        onSuccess: (result) => {
          onSignedIn(result.user);
          saveSession({ token: result.token, user: result.user });
        },
      },
    );
  };

  // Typing clears the failure box.
  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    if (error) signIn.reset();
    if (notice) setNotice(null);
  };

  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="login-brand" aria-hidden="true">
          <span className="brand-mark">W</span>
          <span>Warehouse</span>
        </div>
        <h1 className="login-title">Sign in to your account</h1>
        {notice && !error ? <Alert tone={notice === LOGGED_OUT_MESSAGE ? 'success' : 'info'}>{notice}</Alert> : null}
        {error ? <Alert title="Login Failed">{error}</Alert> : null}
        <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={edit(setUsername)}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={edit(setPassword)}
          />
          {/* The label stays 'Sign in' while busy so the button keeps its name; aria-busy tells it is working. */}
          <Button type="submit" isDisabled={!canSubmit} aria-busy={pending || undefined} className="btn-block">
            {pending ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            Sign in
          </Button>
        </Form>
      </div>
    </main>
  );
}
