type Props = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "type" | "onClick"> & {
  ref?: React.Ref<HTMLButtonElement>;
  /** The address's search parameter that opens the part without JavaScript (`?edit=12`); none closes every part. */
  name?: string;
  value?: string | number;
  /** Where the page scrolls to once loaded: the part that opens. */
  fragment?: string;
  onOpen: () => void;
};

/**
 * A button that opens (or closes) a part of the screen, such as an edit form. With JavaScript it
 * toggles in place; without, it is the submit of a small GET form, so the page loads again with
 * `?name=value` and the screen renders that part open from its address. A GET only reads: nothing
 * changes before the opened form is posted.
 */
export function OpenButton({ ref, name, value, fragment, onOpen, ...button }: Props) {
  return (
    <form method="get" action={fragment ? `#${fragment}` : undefined} className="contents">
      <button
        ref={ref}
        type="submit"
        name={name}
        value={value}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        {...button}
      />
    </form>
  );
}
