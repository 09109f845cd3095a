import { A11y, Keyboard, Navigation } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { PhotoView } from "../../contract/photos";
import "swiper/css";
import "swiper/css/navigation";

type Props = {
  photos: PhotoView[];
  initialSlide: number;
  alt: (number: number) => string;
  previousLabel: string;
  nextLabel: string;
};

/** The full-size photo carousel of a profile (design: swiper), with keys and swipes. */
export default function GallerySwiper({
  photos,
  initialSlide,
  alt,
  previousLabel,
  nextLabel,
}: Props) {
  return (
    <Swiper
      className="gallery-swiper"
      modules={[A11y, Keyboard, Navigation]}
      initialSlide={initialSlide}
      keyboard={{ enabled: true }}
      navigation
      a11y={{ prevSlideMessage: previousLabel, nextSlideMessage: nextLabel }}
      spaceBetween={16}
    >
      {photos.map((photo, index) => (
        <SwiperSlide key={photo.id}>
          <img
            src={photo.large}
            alt={alt(index + 1)}
            loading={index === initialSlide ? "eager" : "lazy"}
          />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
