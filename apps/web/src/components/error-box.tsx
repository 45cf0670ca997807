// An error as the API reported it, in words a student or editor can act on.
import { explain } from '../errors.js';

/** role="alert": announced, and easy to find. */
export function ErrorBox({ error }: { error: unknown }) {
  const { title, detail, requestId } = explain(error);
  return (
    <div className="alert" role="alert">
      <strong>{title}</strong>
      <p>{detail}</p>
      {requestId ? <p className="request-id">Request id: {requestId}</p> : null}
    </div>
  );
}
