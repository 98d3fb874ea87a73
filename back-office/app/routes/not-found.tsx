import { data } from 'react-router';

/** Every path that is no page of the back office: the error boundary's 404. */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
