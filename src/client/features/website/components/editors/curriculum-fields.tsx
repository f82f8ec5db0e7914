import { BannerFields, FieldGroup, TextInput } from '../form-fields.tsx';
import { IconField } from '../icon-field.tsx';
import { ListField, type ListItem } from '../list-field.tsx';
import { EMPTY_LINE, LineItem } from './shared-items.tsx';

const ApproachItem: ListItem = ({ name }) => (
  <>
    <TextInput name={`${name}.name`} label="Name" />
    <TextInput name={`${name}.text`} label="Text" rows={3} />
  </>
);

const AreaItem: ListItem = ({ name }) => (
  <>
    <TextInput name={`${name}.name`} label="Area" />
    <IconField name={`${name}.icon`} />
    <ListField name={`${name}.focus`} legend="Focus" itemName="Focus point" Item={LineItem} newItem={EMPTY_LINE} max={8} inline />
  </>
);

/** Curriculum (/curriculum): the banner, the approaches and the learning areas. */
export function CurriculumFields() {
  return (
    <>
      <BannerFields />
      <FieldGroup legend="Approaches">
        <ListField
          name="approaches"
          legend="Approaches"
          itemName="Approach"
          Item={ApproachItem}
          newItem={() => ({ name: '', text: '' })}
          max={6}
        />
      </FieldGroup>
      <FieldGroup legend="Learning areas">
        <TextInput name="areasTitle" label="Title" />
        <TextInput name="areasIntro" label="Introduction" rows={2} />
        <ListField
          name="areas"
          legend="Areas"
          itemName="Area"
          Item={AreaItem}
          newItem={() => ({ name: '', icon: 'book-open', focus: [] })}
          max={12}
        />
      </FieldGroup>
    </>
  );
}
