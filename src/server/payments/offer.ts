import type { PackagesAnswer } from "../../contract/payments";
import { packagesIn } from "../credits/packages";
import type { Site } from "../sites/registry";
import { offerFor } from "./orders";

/** What a member (or a visitor: null) is offered: packages in their currency, and methods. */
export function creditOffer(site: Site, country: string | null): PackagesAnswer {
  const { currency, methods } = offerFor(site, country);
  return { currency, packages: packagesIn(site, currency), methods };
}
