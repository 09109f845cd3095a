// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MessageView } from "../../contract/chat";
import { pickMessages } from "../../i18n/pick";
import { createTranslate } from "../../i18n/translate";
import { ChatImage, chatImageBox } from "./ChatImage";

afterEach(cleanup);

const t = createTranslate("en", pickMessages("en", ["chat."]));

type ImageView = NonNullable<MessageView["image"]>;

function imageMessage(image: Partial<ImageView>, fromMe = true): MessageView {
  return {
    id: 7,
    conversation: 3,
    from_me: fromMe,
    kind: "image",
    text: null,
    gift: null,
    image: {
      url: "/media/p/x-main.webp",
      blurred: null,
      locked: false,
      width: 0,
      height: 0,
      ...image,
    },
    state: fromMe ? "sent" : null,
    safety_notice: false,
    created_at: "2026-11-26T12:00:00.000Z",
  };
}

function show(message: MessageView) {
  render(<ChatImage message={message} t={t} name="Bob" onOpened={() => {}} onError={() => {}} />);
}

describe("an image message in the chat log", () => {
  it("reserves a landscape photo's own shape before the file arrives", () => {
    show(imageMessage({ width: 720, height: 540 }));
    const img = screen.getByRole("img", { name: "Your photo" });
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["240", "180"]);
  });

  it("fits a portrait photo and a tall screenshot within the box, shape kept", () => {
    expect(chatImageBox({ width: 675, height: 900 })).toEqual({ width: 240, height: 320 });
    expect(chatImageBox({ width: 506, height: 900 })).toEqual({ width: 180, height: 320 });
    // Never enlarged.
    expect(chatImageBox({ width: 200, height: 150 })).toEqual({ width: 200, height: 150 });
  });

  it("gives a locked photo's blurred stand-in the size the opened photo will have", () => {
    show(
      imageMessage(
        { url: null, blurred: "/media/b/y.webp", locked: true, width: 720, height: 540 },
        false,
      ),
    );
    const img = document.querySelector(".chat-image img");
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["240", "180"]);
  });
});
