import { Link } from 'react-router';
import { BannerFields, FieldGroup, TextInput } from '../form-fields.tsx';

/** Contact (/contact): the banner and the two titles; the branches come from the school profile. */
export function ContactFields() {
  return (
    <>
      <BannerFields />
      <FieldGroup
        legend="Titles"
        description={
          <>
            The branches, addresses and phone numbers come from the{' '}
            <Link to="/cms/settings/school" className="font-semibold text-brand-700 underline">
              school profile
            </Link>
            .
          </>
        }
      >
        <TextInput name="formTitle" label="Title above the message form" />
        <TextInput name="reachTitle" label="Title beside the branches" />
      </FieldGroup>
    </>
  );
}
