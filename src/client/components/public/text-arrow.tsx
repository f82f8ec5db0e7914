import { Icon } from './icon.tsx';
import { ArrowLeft, ArrowRight } from './icons.ts';

/**
 * The arrow beside 'Read More', 'Next' and 'Previous', drawn: the → character is in none of the
 * site's font files, and finding a system font that has it made a phone's first layout slower.
 */
export function TextArrow({ back = false }: { back?: boolean }) {
  return <Icon icon={back ? ArrowLeft : ArrowRight} size={16} strokeWidth={2.5} className="inline-block align-[-3px]" />;
}
