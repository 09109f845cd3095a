type Props = {
  /** A translated message, or nothing to show (null, undefined or empty). */
  message: string | null | undefined;
  /** For a form that points at the message with aria-describedby. */
  id?: string;
};

/** An error above a form or list, announced as soon as it appears (role="alert"). */
export default function ErrorAlert({ message, id }: Props) {
  if (!message) return null;
  return (
    <p id={id} className="alert alert-danger" role="alert">
      {message}
    </p>
  );
}
