import { FieldGroup, CheckboxInput, NumberSelect, TextInput } from '../form-fields.tsx';
import { IconField } from '../icon-field.tsx';
import { ListField, type ListItem } from '../list-field.tsx';
import { PhotoField } from '../photo-field.tsx';

const TARGET_HINT = 'A page of this site such as /admission, or an address that starts with https://.';
const STARS = [5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n} star${n === 1 ? '' : 's'}` }));

const CardItem: ListItem = ({ name }) => (
  <>
    <TextInput name={`${name}.title`} label="Title" />
    <TextInput name={`${name}.text`} label="Text" rows={3} />
    <IconField name={`${name}.icon`} />
  </>
);

const TestimonialItem: ListItem = ({ name }) => (
  <>
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name={`${name}.name`} label="Name" />
      <TextInput name={`${name}.relation`} label="Relation" hint="For example: Mother of Aarav" />
    </div>
    <TextInput name={`${name}.quote`} label="Quote" rows={3} />
    <NumberSelect name={`${name}.rating`} label="Rating" options={STARS} />
  </>
);

/** Home (/): the hero, Why Choose, the testimonials and the events heading. */
export function HomeFields() {
  return (
    <>
      <FieldGroup legend="Hero" description="The first thing parents see: the headline, a line of text, a photo and two buttons.">
        <TextInput name="hero.headline" label="Headline" />
        <TextInput name="hero.copy" label="Text under the headline" rows={3} />
        <PhotoField name="hero.photo" label="The school's photo" emptyText="No photo: the drawing is shown." />
        {[0, 1].map((i) => (
          <div key={i} role="group" aria-label={i === 0 ? 'First button' : 'Second button'} className="grid gap-4 sm:grid-cols-2">
            <TextInput name={`hero.buttons.${i}.label`} label={i === 0 ? 'First button text' : 'Second button text'} />
            <TextInput
              name={`hero.buttons.${i}.target`}
              label={i === 0 ? 'First button goes to' : 'Second button goes to'}
              hint={TARGET_HINT}
            />
          </div>
        ))}
      </FieldGroup>
      <FieldGroup legend="Why Choose">
        <TextInput name="why.eyebrow" label="Small heading" />
        <TextInput name="why.heading" label="Heading" hint="{school} is replaced by the school's name." />
        <TextInput name="why.intro" label="Introduction" rows={2} />
        <ListField name="why.cards" legend="Cards" itemName="Card" Item={CardItem} newItem={() => ({})} min={3} max={3} />
      </FieldGroup>
      <FieldGroup legend="Testimonials" description="What parents say, in the order shown.">
        <TextInput name="testimonials.eyebrow" label="Small heading" />
        <TextInput name="testimonials.heading" label="Heading" />
        <ListField
          name="testimonials.items"
          legend="Testimonials"
          itemName="Testimonial"
          Item={TestimonialItem}
          newItem={() => ({ name: '', relation: '', quote: '', rating: 5 })}
          max={12}
        />
      </FieldGroup>
      <FieldGroup legend="Latest events">
        <TextInput name="events.eyebrow" label="Small heading" />
        <TextInput name="events.heading" label="Heading" />
        <CheckboxInput name="showScene" label="Show the animated scene" hint="The drawn school scene at the foot of the page." />
      </FieldGroup>
    </>
  );
}
