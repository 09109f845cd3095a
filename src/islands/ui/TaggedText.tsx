import { Fragment, type ReactNode } from "react";
import { splitTags } from "../../i18n/tags";

type Props = {
  /** A translated text with markup tags, e.g. "accept our <terms>terms</terms>". */
  text: string;
  /** What each tag becomes; a tag without a renderer shows its words as plain text. */
  tags: Record<string, (words: string) => ReactNode>;
};

/**
 * A translated sentence with elements (links) inside it. The catalogue keeps the whole sentence
 * as one string with tags around the linked words, so every language keeps its own word order.
 * @example <TaggedText text={t("signup.terms")} tags={{ terms: (words) => <a href="/en/terms">{words}</a> }} />
 */
export default function TaggedText({ text, tags }: Props) {
  return splitTags(text).map((part, index) =>
    typeof part === "string" ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
      <Fragment key={index}>{tags[part.tag]?.(part.text) ?? part.text}</Fragment>
    ),
  );
}
