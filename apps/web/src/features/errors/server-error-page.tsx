import { ErrorResult } from './error-result';

export default function ServerErrorPage() {
  return <ErrorResult kind="serverError" />;
}
