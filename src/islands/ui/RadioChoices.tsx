type Props<Value extends string> = {
  /** The radio group's name (one per group on the page). */
  name: string;
  /** The class of each choice's label (its look: a row, a chip, a payment method). */
  className: string;
  /** The choices in order, each with its translated label. */
  choices: readonly { value: Value; label: string }[];
  /** The chosen value, or null while none is. */
  value: Value | null;
  onChange: (value: Value) => void;
};

/**
 * A group's radio buttons, each inside its label; the caller wraps them in its fieldset and
 * legend, which name the group.
 */
export default function RadioChoices<Value extends string>(props: Props<Value>) {
  return props.choices.map((choice) => (
    <label key={choice.value} className={props.className}>
      <input
        type="radio"
        name={props.name}
        value={choice.value}
        checked={props.value === choice.value}
        onChange={() => props.onChange(choice.value)}
      />
      <span>{choice.label}</span>
    </label>
  ));
}
