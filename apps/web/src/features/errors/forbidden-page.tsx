import { ErrorResult } from './error-result';

export default function ForbiddenPage() {
  return <ErrorResult kind="forbidden" />;
}
