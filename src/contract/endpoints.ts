import type {
  AccountDeleteBody,
  EmailChangeBody,
  PasswordChangeBody,
  SettingsUpdateBody,
} from "./account";
import type {
  LoginBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  ResendActivationBody,
  SignupBody,
  UpdateUserBody,
} from "./auth";
import type {
  ChatsAnswer,
  ConversationAnswer,
  ConversationBody,
  GiftBody,
  OpenChatBody,
  OpenedAnswer,
  OpenedImageAnswer,
  OpenImageBody,
  RemoveChatBody,
  SendMessageBody,
  SentAnswer,
} from "./chat";
import type { CheckMailAnswer, OkAnswer } from "./common";
import type { ComplaintBody, ComplaintReceipt } from "./content";
import type { GeocodeAnswer } from "./geo";
import type {
  AutoLikeAnswer,
  LikesAnswer,
  SwipeAnswer,
  SwipeBody,
  SwipeCardsAnswer,
  SwipeUndoAnswer,
} from "./likes";
import type {
  MemberModerationAnswer,
  SanctionAnswer,
  SanctionReasonBody,
  SuspendBody,
} from "./moderation";
import type {
  DirectDebitBody,
  DirectDebitCodeSent,
  DirectDebitConfirmBody,
  DiscountCodeView,
  OrderAnswer,
  OrderBody,
  PackagesAnswer,
  RepeatOrderBody,
  SandboxOutcomeAnswer,
  SandboxOutcomeBody,
  TransactionsAnswer,
  WithdrawBody,
} from "./payments";
import type { OwnPhotos, PhotoArrangementBody } from "./photos";
import type {
  BlockAnswer,
  GiftAnswer,
  LikeAnswer,
  OwnProfile,
  ProfileDetail,
  ProfileTargetBody,
  ProfileUpdateBody,
} from "./profiles";
import type { ReportBody } from "./reports";
import type { MemberSearchPage } from "./search";
import type { AuditAnswer, StaffAnswer, StaffLoginBody } from "./staff";
import type {
  CreateDiscountCodeBody,
  DisableDiscountCodeBody,
  DiscountCodeAnswer,
  DiscountCodesAnswer,
} from "./staff-discounts";
import type {
  CannedAnswer,
  CannedBody,
  CannedListAnswer,
  InboxAnswer,
  InboxClaimAnswer,
  InboxConversationAnswer,
  InboxFiguresAnswer,
  InboxNotesAnswer,
  InboxNotesBody,
  InboxReplyAnswer,
  InboxReplyBody,
} from "./staff-inbox";
import type {
  LegalPreviewAnswer,
  LegalTextAnswer,
  LegalTextBody,
  LegalTextsAnswer,
} from "./staff-legal";
import type { StaffMetricsAnswer } from "./staff-metrics";

import type { PhotoRejectBody, PhotoReviewAnswer, ReviewQueueAnswer } from "./staff-photos";
import type { ReportQueueAnswer, ResolveReportBody } from "./staff-reports";
import type {
  FlagsAnswer,
  ResolvedFlagAnswer,
  ResolveFlagBody,
  SafetyRulesAnswer,
} from "./staff-safety";
import type { SiteSettingsAnswer, SiteSettingsPatch } from "./staff-settings";
import type {
  CreditCorrectionAnswer,
  CreditCorrectionBody,
  EndSessionsAnswer,
  FictionalBody,
  StaffRefundAnswer,
  StaffRefundBody,
  SupportMemberAnswer,
  SupportReasonBody,
  SupportSearchAnswer,
} from "./staff-support";
import type { MemberExport, MemberSettings, PendingDeletionAnswer, UserResponse } from "./users";

/**
 * The calls the browser makes whose body and answer the contract describes (issue 26): "METHOD
 * /api/path.php" → the JSON body it sends (undefined: none) and the answer it gets. The client's
 * api() is keyed by it, so a body is checked and an answer typed without a cast.
 *
 * Types only (`import type`): the browser imports this module, and a value import of the schema
 * modules would ship zod with every island. A call the contract cannot key apart uses apiFetch
 * instead: a FormData upload, or push's POST /api/user.php?push=1 beside the login's.
 */
/**
 * The mandate form sends its two boxes as they are, ticked or not: an unticked one is the
 * server's 422, whose translated message the form shows beside that box.
 */
type DirectDebitForm = Omit<DirectDebitBody, "mandate" | "immediate_performance"> & {
  mandate: boolean;
  immediate_performance: boolean;
};

/**
 * The staff console's reports queue (src/server/reports/queue-routes.ts). A case's calls carry
 * its id in the path, filled from `params` like the members' calls:
 * `api("POST /api/staff/reports/{id}/claim", { params: { id } })`.
 */
type StaffReportEndpoints = {
  "GET /api/staff/reports": { body: undefined; answer: ReportQueueAnswer };
  "POST /api/staff/reports/{id}/claim": { body: undefined; answer: OkAnswer };
  "POST /api/staff/reports/{id}/unclaim": { body: undefined; answer: OkAnswer };
  "POST /api/staff/reports/{id}/resolve": { body: ResolveReportBody; answer: OkAnswer };
};

export type ApiEndpoints = StaffReportEndpoints & {
  // Chat (src/server/chat/routes.ts)
  "GET /api/chats.php": { body: undefined; answer: ChatsAnswer };
  "GET /api/messages.php": { body: undefined; answer: ConversationAnswer };
  "POST /api/chat.php": { body: OpenChatBody; answer: OpenedAnswer };
  "DELETE /api/chat.php": { body: RemoveChatBody; answer: OkAnswer };
  "POST /api/message.php": { body: SendMessageBody; answer: SentAnswer };
  "POST /api/chat-read.php": { body: ConversationBody; answer: OkAnswer };
  "POST /api/typing.php": { body: ConversationBody; answer: OkAnswer };
  "POST /api/chat-image-open.php": { body: OpenImageBody; answer: OpenedImageAnswer };
  "POST /api/gift.php": { body: GiftBody; answer: GiftAnswer };
  // Credits and payments (src/server/payments)
  "GET /api/packages.php": { body: undefined; answer: PackagesAnswer };
  "GET /api/discountcode.php": { body: undefined; answer: DiscountCodeView };
  "GET /api/order.php": { body: undefined; answer: OrderAnswer };
  "POST /api/order.php": { body: OrderBody; answer: OrderAnswer };
  "POST /api/repeat-order.php": { body: RepeatOrderBody; answer: OrderAnswer };
  "GET /api/transactions.php": { body: undefined; answer: TransactionsAnswer };
  "POST /api/withdraw.php": { body: WithdrawBody; answer: OrderAnswer };
  "POST /api/directdebit.php": { body: DirectDebitForm; answer: DirectDebitCodeSent };
  "POST /api/directdebit-confirm.php": { body: DirectDebitConfirmBody; answer: OrderAnswer };
  "POST /api/sandbox/checkout.php": { body: SandboxOutcomeBody; answer: SandboxOutcomeAnswer };
  // Session and account (src/server/auth, src/server/account)
  "GET /api/user.php": { body: undefined; answer: UserResponse };
  "POST /api/user.php": { body: LoginBody; answer: UserResponse };
  "PUT /api/user.php": { body: UpdateUserBody; answer: UserResponse };
  "POST /api/logout.php": { body: undefined; answer: OkAnswer };
  "POST /api/signup.php": { body: SignupBody; answer: CheckMailAnswer };
  "POST /api/activation.php": { body: ResendActivationBody; answer: CheckMailAnswer };
  "POST /api/password-reset.php": { body: PasswordResetRequestBody; answer: CheckMailAnswer };
  "PUT /api/password-reset.php": { body: PasswordResetBody; answer: UserResponse };
  "PUT /api/notifications.php": { body: SettingsUpdateBody; answer: MemberSettings };
  "PUT /api/password.php": { body: PasswordChangeBody; answer: OkAnswer };
  "POST /api/mail-change.php": { body: EmailChangeBody; answer: CheckMailAnswer };
  "POST /api/account-delete.php": { body: AccountDeleteBody; answer: PendingDeletionAnswer };
  "POST /api/retention-offer.php": { body: undefined; answer: DiscountCodeView };
  "POST /api/reactivate.php": { body: LoginBody; answer: UserResponse };
  "POST /api/complaints.php": { body: ComplaintBody; answer: ComplaintReceipt };
  // Profiles, photos and reports (src/server/profiles, photos, likes, blocks, reports)
  "GET /api/profile.php": { body: undefined; answer: ProfileDetail | OwnProfile };
  "PUT /api/profile.php": { body: ProfileUpdateBody; answer: OwnProfile };
  "PATCH /api/photos.php": { body: PhotoArrangementBody; answer: OwnPhotos };
  "DELETE /api/photos.php": { body: undefined; answer: OwnPhotos };
  "POST /api/like.php": { body: ProfileTargetBody; answer: LikeAnswer };
  "DELETE /api/like.php": { body: undefined; answer: LikeAnswer };
  "POST /api/block.php": { body: ProfileTargetBody; answer: BlockAnswer };
  "DELETE /api/block.php": { body: undefined; answer: BlockAnswer };
  "POST /api/report.php": { body: ReportBody; answer: OkAnswer };
  // Discovery and search (src/server/discovery, search)
  "POST /api/match-seen.php": { body: ProfileTargetBody; answer: OkAnswer };
  "POST /api/like-seen.php": { body: ProfileTargetBody; answer: OkAnswer };
  "POST /api/swipe.php": { body: SwipeBody; answer: SwipeAnswer };
  "GET /api/likes.php": { body: undefined; answer: LikesAnswer };
  "POST /api/auto-like.php": { body: undefined; answer: AutoLikeAnswer };
  "GET /api/swipe.php": { body: undefined; answer: SwipeCardsAnswer };
  "POST /api/swipe-undo.php": { body: undefined; answer: SwipeUndoAnswer };
  "GET /api/search.php": { body: undefined; answer: MemberSearchPage };
  "GET /api/geocode.php": { body: undefined; answer: GeocodeAnswer };
  // The staff side (src/server/staff)
  "POST /api/staff/login": { body: StaffLoginBody; answer: StaffAnswer };
  "POST /api/staff/logout": { body: undefined; answer: OkAnswer };
  "GET /api/staff/audit": { body: undefined; answer: AuditAnswer };
  // Member support (src/server/support; {id} is the member's account id)
  "GET /api/staff/members": { body: undefined; answer: SupportSearchAnswer };
  "GET /api/staff/members/{id}": { body: undefined; answer: SupportMemberAnswer };
  "POST /api/staff/members/{id}/credits": {
    body: CreditCorrectionBody;
    answer: CreditCorrectionAnswer;
  };
  "POST /api/staff/members/{id}/refund": { body: StaffRefundBody; answer: StaffRefundAnswer };
  "POST /api/staff/members/{id}/resend-activation": { body: SupportReasonBody; answer: OkAnswer };
  "POST /api/staff/members/{id}/end-sessions": {
    body: SupportReasonBody;
    answer: EndSessionsAnswer;
  };
  "POST /api/staff/members/{id}/lift-direct-debit-block": {
    body: SupportReasonBody;
    answer: OkAnswer;
  };
  "POST /api/staff/members/{id}/export": { body: SupportReasonBody; answer: MemberExport };
  "POST /api/staff/members/{id}/erase": { body: SupportReasonBody; answer: OkAnswer };
  "POST /api/staff/members/{id}/fictional": { body: FictionalBody; answer: OkAnswer };
  // Account actions (src/server/moderation; {id} is the member's account id)
  "GET /api/staff/members/{id}/moderation": { body: undefined; answer: MemberModerationAnswer };
  "POST /api/staff/members/{id}/ban": { body: SanctionReasonBody; answer: SanctionAnswer };
  "POST /api/staff/members/{id}/suspend": { body: SuspendBody; answer: SanctionAnswer };
  "POST /api/staff/members/{id}/lift": { body: SanctionReasonBody; answer: SanctionAnswer };
  "POST /api/staff/members/{id}/warn": { body: SanctionReasonBody; answer: SanctionAnswer };
  // Staff: message safety (src/server/staff/safety-routes.ts; {id} is the flag's id)
  "GET /api/staff/flags": { body: undefined; answer: FlagsAnswer };
  "POST /api/staff/flags/{id}/resolve": { body: ResolveFlagBody; answer: ResolvedFlagAnswer };
  "GET /api/staff/safety/rules": { body: undefined; answer: SafetyRulesAnswer };
  // The staff side's photo review (src/server/staff/photo-routes.ts; {id} is the photo's id)
  "GET /api/staff/photos": { body: undefined; answer: ReviewQueueAnswer };
  "POST /api/staff/photos/{id}/approve": { body: undefined; answer: PhotoReviewAnswer };
  "POST /api/staff/photos/{id}/reject": { body: PhotoRejectBody; answer: PhotoReviewAnswer };
  // Legal texts (src/server/staff/legal-routes.ts; issue 28, docs/decisions/0013)
  "GET /api/staff/legal/{site}/{locale}": { body: undefined; answer: LegalTextsAnswer };
  "GET /api/staff/legal/{site}/{locale}/{document}": { body: undefined; answer: LegalTextAnswer };
  "POST /api/staff/legal/{site}/{locale}/{document}/preview": {
    body: LegalTextBody;
    answer: LegalPreviewAnswer;
  };
  "PUT /api/staff/legal/{site}/{locale}/{document}": {
    body: LegalTextBody;
    answer: LegalTextAnswer;
  };
  "DELETE /api/staff/legal/{site}/{locale}/{document}": {
    body: undefined;
    answer: LegalTextAnswer;
  };
  // Staff: discount codes (src/server/staff/discount-routes.ts; {code} is the code)
  "GET /api/staff/discount-codes": { body: undefined; answer: DiscountCodesAnswer };
  "POST /api/staff/discount-codes": { body: CreateDiscountCodeBody; answer: DiscountCodeAnswer };
  "POST /api/staff/discount-codes/{code}/disable": {
    body: DisableDiscountCodeBody;
    answer: DiscountCodeAnswer;
  };
  // Staff: numbers at a glance (src/server/metrics/routes.ts; ?site=&from=&to=)
  "GET /api/staff/metrics": { body: undefined; answer: StaffMetricsAnswer };
  // Staff: a site's settings (src/server/staff/settings-routes.ts; a partial document)
  "GET /api/staff/sites/{site}/settings": { body: undefined; answer: SiteSettingsAnswer };
  "PUT /api/staff/sites/{site}/settings": { body: SiteSettingsPatch; answer: SiteSettingsAnswer };
  // Staff: the operators' inbox (src/server/staff/inbox-routes.ts; issue 28 item 1)
  "GET /api/staff/inbox": { body: undefined; answer: InboxAnswer };
  "GET /api/staff/inbox/figures": { body: undefined; answer: InboxFiguresAnswer };
  "GET /api/staff/inbox/canned": { body: undefined; answer: CannedListAnswer };
  "POST /api/staff/inbox/canned": { body: CannedBody; answer: CannedAnswer };
  "DELETE /api/staff/inbox/canned/{id}": { body: undefined; answer: OkAnswer };
  "GET /api/staff/inbox/{conversation}": { body: undefined; answer: InboxConversationAnswer };
  "POST /api/staff/inbox/{conversation}/claim": { body: undefined; answer: InboxClaimAnswer };
  "POST /api/staff/inbox/{conversation}/reply": { body: InboxReplyBody; answer: InboxReplyAnswer };
  "POST /api/staff/inbox/{conversation}/typing": { body: undefined; answer: OkAnswer };
  "GET /api/staff/inbox/{conversation}/notes": { body: undefined; answer: InboxNotesAnswer };
  "PUT /api/staff/inbox/{conversation}/notes": { body: InboxNotesBody; answer: InboxNotesAnswer };
};

export type ApiEndpoint = keyof ApiEndpoints;
