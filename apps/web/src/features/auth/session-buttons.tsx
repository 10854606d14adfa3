import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user';

/**
 * For users kept waiting (email not verified, no role yet): reloading the user lets the guard move
 * them on as soon as what they waited for has happened.
 */
export function CheckAgainButton({ type, autoFocus }: Pick<ButtonProps, 'type' | 'autoFocus'>) {
  const { t } = useTranslation();
  const { refresh } = useCurrentUser();
  const check = useMutation({ mutationFn: refresh });
  return (
    <Button type={type} block loading={check.isPending} onClick={() => check.mutate()} data-testid="check-again" autoFocus={autoFocus}>
      {t('auth.emptyPermissions.refresh')}
    </Button>
  );
}

/** Ends the session and goes to the sign-in page, which the waiting user cannot go back from. */
export function SignOutButton({ type }: Pick<ButtonProps, 'type'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useCurrentUser();
  return (
    <Button
      type={type}
      block
      onClick={() => {
        signOut();
        navigate('/auth/signin', { replace: true });
      }}
      data-testid="sign-out"
    >
      {t('auth.signOut')}
    </Button>
  );
}
