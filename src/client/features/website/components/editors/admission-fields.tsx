import { BannerFields, FieldGroup } from '../form-fields.tsx';
import { ListField } from '../list-field.tsx';
import { EMPTY_LINE, LineItem } from './shared-items.tsx';

/** Admission (/admission): the banner and the instructions beside the form. */
export function AdmissionFields() {
  return (
    <>
      <BannerFields />
      <FieldGroup legend="Instructions" description="The steps shown beside the admission form, in order.">
        <ListField
          name="instructions"
          legend="Instructions"
          itemName="Instruction"
          Item={LineItem}
          newItem={EMPTY_LINE}
          max={10}
          inline
        />
      </FieldGroup>
    </>
  );
}
