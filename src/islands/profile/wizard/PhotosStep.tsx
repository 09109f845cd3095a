import type { OwnPhotos } from "../../../contract/photos";
import type { Catalogue } from "../../../i18n/catalogues";
import type { Locale } from "../../../i18n/locales";
import { useApiForm } from "../../ui/use-api-form";
import PhotoManager from "../PhotoManager";
import StepForm from "./StepForm";
import type { StepProps } from "./wizard-steps";

type Props = StepProps & {
  locale: Locale;
  messages: Catalogue;
  photos: OwnPhotos;
  isPremium: boolean;
  premiumLimit: number;
};

/** Step 4: the member's photos (uploaded at once by the photo manager), then Finish. */
export default function PhotosStep(props: Props) {
  const form = useApiForm(props.t);
  return (
    <>
      <PhotoManager
        locale={props.locale}
        messages={props.messages}
        photos={props.photos}
        isPremium={props.isPremium}
        premiumLimit={props.premiumLimit}
      />
      <StepForm
        {...props}
        canSkip={false}
        form={form}
        collect={() => ({})}
        submitLabel={props.t("wizard.finish")}
      />
    </>
  );
}
