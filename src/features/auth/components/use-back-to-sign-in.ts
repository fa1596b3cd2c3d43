import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '#lib/toasts.tsx';
import { withEmail } from './auth-header.tsx';

/** After an email is confirmed or a password reset: says so, then opens sign-in with the address filled in. */
export function useBackToSignIn(): (email: string, message: string) => void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (email, message) => {
    toast.success(message);
    navigate(withEmail('/sign-in', email, searchParams.get('redirect')));
  };
}
