// Loaded only where a gallery shows (a separate chunk): Swiper with §9's options.
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';

export interface GallerySwiperElements {
  root: HTMLElement;
  next: HTMLElement;
  prev: HTMLElement;
  pagination: HTMLElement;
  autoplay: boolean;
}

export function createGallerySwiper({ root, next, prev, pagination, autoplay }: GallerySwiperElements): Swiper {
  return new Swiper(root, {
    modules: [A11y, Autoplay, Keyboard, Navigation, Pagination],
    slidesPerView: 1,
    spaceBetween: 15,
    speed: 300,
    threshold: 5,
    touchAngle: 45,
    breakpoints: { 640: { slidesPerView: 2, spaceBetween: 15 }, 1024: { slidesPerView: 3, spaceBetween: 20 } },
    autoplay: autoplay ? { delay: 4000, disableOnInteraction: false } : false,
    navigation: { nextEl: next, prevEl: prev },
    pagination: { el: pagination, clickable: true },
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: { enabled: true, prevSlideMessage: 'Previous photos', nextSlideMessage: 'Next photos' },
  });
}

export interface LightboxSwiperOptions {
  root: HTMLElement;
  /** The photo shown first. */
  index: number;
  onIndex(index: number): void;
}

/**
 * The photo viewer's slides (issue 31): a swipe on a touch screen (or a drag with the mouse) moves
 * to the next or previous photo; `rewind` wraps the ends around, as §4's previous/next do. The
 * viewer's own buttons and arrow keys call slideNext/slidePrev.
 */
export function createLightboxSwiper({ root, index, onIndex }: LightboxSwiperOptions): Swiper {
  return new Swiper(root, {
    slidesPerView: 1,
    spaceBetween: 24,
    // No sliding for visitors who ask for less motion: the photo changes at once.
    speed: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 300,
    threshold: 5,
    touchAngle: 45,
    rewind: true,
    initialSlide: index,
    on: { slideChange: (s) => onIndex(s.activeIndex) },
  });
}
