import { BannerFields, FieldGroup, TextInput } from '../form-fields.tsx';
import { IconField } from '../icon-field.tsx';
import { ListField, type ListItem } from '../list-field.tsx';
import { PhotoField } from '../photo-field.tsx';
import { EMPTY_LINE, LineItem } from './shared-items.tsx';

const BlockItem: ListItem = ({ name }) => (
  <>
    <TextInput name={`${name}.title`} label="Title" />
    <TextInput name={`${name}.text`} label="Text" rows={6} />
    <p className="-mt-3 text-xs text-slate-600">Leave a blank line between paragraphs.</p>
    <IconField name={`${name}.icon`} />
    <PhotoField name={`${name}.photo`} label="Photo" emptyText="No photo: a drawn panel with the icon is shown." />
  </>
);

/** About (/about): the banner, the blocks of text and the list of points. */
export function AboutFields() {
  return (
    <>
      <BannerFields />
      <FieldGroup legend="Blocks" description="Each block is a title, its text and a photo, side by side.">
        <ListField
          name="blocks"
          legend="Blocks"
          itemName="Block"
          Item={BlockItem}
          newItem={() => ({ title: '', text: '', icon: 'school', photo: null })}
          min={1}
          max={6}
        />
      </FieldGroup>
      <FieldGroup legend="List of points">
        <TextInput name="bulletsTitle" label="List title" />
        <ListField name="bullets" legend="Points" itemName="Point" Item={LineItem} newItem={EMPTY_LINE} max={12} inline />
      </FieldGroup>
    </>
  );
}
