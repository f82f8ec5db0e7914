import { TextInput } from '../form-fields.tsx';
import type { ListItem } from '../list-field.tsx';

/** A list item that is one line of text (a point, an instruction): labelled "Point 3". */
export const LineItem: ListItem = ({ name, label }) => <TextInput name={name} label={label} />;

/** A list item of a title and its text (a highlight, an approach). */
export const TitleTextItem: ListItem = ({ name }) => (
  <>
    <TextInput name={`${name}.title`} label="Title" />
    <TextInput name={`${name}.text`} label="Text" rows={3} />
  </>
);

export const EMPTY_LINE = () => '';
export const EMPTY_TITLE_TEXT = () => ({ title: '', text: '' });
