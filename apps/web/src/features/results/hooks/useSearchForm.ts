/**
 * The search form's state (PRODUCT.md#search-form, #application-state, #geolocation, #form-state, #validation): values, field errors, touched fields,
 * the known position of the location, submitting. Rules come from @locator/core: editing a field
 * clears its error and marks it touched, changing the country clears search, carrier and
 * products (with their errors and touched marks), schema errors and validity.
 */
import { useCallback, useMemo, useReducer } from 'react';
import {
  EMPTY_FORM_VALUES,
  changeCountry,
  editField,
  isCarrierProduct,
  isFieldShown,
  isFormValid,
  missingFields,
  schemaErrors,
  type FormErrors,
  type FormFieldName,
  type FormState,
  type FormValues,
} from '@locator/core';

/** A known position of the location field (from a suggestion, geolocation or the URL). */
export interface KnownPosition {
  latitude: number;
  longitude: number;
  /** The address searched with this position. */
  address: string;
}

export interface SearchFormState extends FormState {
  position: KnownPosition | undefined;
  submitting: boolean;
}

export type SearchFormAction =
  | { type: 'edit'; field: FormFieldName; value: string }
  | { type: 'place'; position: KnownPosition; text: string }
  | { type: 'country'; value: string }
  | { type: 'touch'; field: FormFieldName }
  /** A search attempt on an incomplete form: the missing fields show their errors. */
  | { type: 'attempt'; fields: readonly FormFieldName[] }
  | { type: 'error'; field: FormFieldName; error: string }
  | { type: 'submitting'; value: boolean }
  | { type: 'fill'; values: Partial<FormValues>; position?: KnownPosition }
  | { type: 'reset' };

export const INITIAL_FORM: SearchFormState = {
  values: { ...EMPTY_FORM_VALUES },
  errors: {},
  touched: {},
  position: undefined,
  submitting: false,
};

export function searchFormReducer(
  state: SearchFormState,
  action: SearchFormAction,
): SearchFormState {
  switch (action.type) {
    case 'edit': {
      const next = editField(state, action.field, action.value);
      if (action.field === 'search') return { ...next, position: undefined };
      if (action.field === 'products' && !isCarrierProduct(action.value)) {
        return { ...next, values: { ...next.values, carrier: '' } };
      }
      return next;
    }
    case 'place': {
      const next = editField(state, 'search', action.text);
      return { ...next, position: action.position };
    }
    case 'country': {
      const next = editField(state, 'country', action.value);
      // The fields the country change empties are not the visitor's doing: no errors on them
      // until they are edited or submitted again.
      const { search: _s, products: _p, carrier: _c, ...errors } = next.errors;
      const { search: _ts, products: _tp, carrier: _tc, ...touched } = next.touched;
      return {
        ...next,
        values: changeCountry(next.values, action.value),
        errors,
        touched,
        position: undefined,
      };
    }
    case 'touch':
      return state.touched[action.field]
        ? state
        : { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'attempt': {
      const touched = { ...state.touched };
      for (const field of action.fields) touched[field] = true;
      return { ...state, touched };
    }
    case 'error':
      return {
        ...state,
        errors: { ...state.errors, [action.field]: action.error },
        touched: { ...state.touched, [action.field]: true },
      };
    case 'submitting':
      return { ...state, submitting: action.value };
    case 'fill': {
      const values = { ...state.values, ...action.values };
      const touched = { ...state.touched };
      for (const [field, value] of Object.entries(action.values)) {
        if (value) touched[field as FormFieldName] = true;
      }
      return { ...state, values, touched, errors: {}, position: action.position };
    }
    case 'reset':
      return INITIAL_FORM;
  }
}

export interface FormRules {
  fields: readonly FormFieldName[];
  /** The carriers (without "No-Contract") offered for a chosen country ("" when none). */
  carriersOf(country: string): readonly { name: string }[];
}

/** The error shown under a field: its own error, else its schema error once touched. */
export function visibleError(
  field: FormFieldName,
  state: Pick<SearchFormState, 'errors' | 'touched'>,
  schema: FormErrors,
): string | undefined {
  return state.errors[field] ?? (state.touched[field] ? schema[field] : undefined);
}

export function useSearchForm(rules: FormRules) {
  const [state, dispatch] = useReducer(searchFormReducer, INITIAL_FORM);
  const { fields, carriersOf } = rules;
  const country = state.values.country;
  const carriers = useMemo(() => carriersOf(country), [carriersOf, country]);
  const schema = useMemo(
    () => schemaErrors(state.values, { fields, carriers }),
    [state.values, fields, carriers],
  );
  const missing = useMemo(
    () => missingFields(state.values, { fields, carriers }),
    [state.values, fields, carriers],
  );
  const valid = isFormValid({ schemaErrors: schema, touched: state.touched, errors: state.errors });
  const shown = useCallback(
    (field: FormFieldName) => isFieldShown(field, state.values, fields),
    [state.values, fields],
  );
  const errorOf = useCallback(
    (field: FormFieldName) => visibleError(field, state, schema),
    [state, schema],
  );
  return { state, dispatch, schema, missing, valid, shown, errorOf };
}

export type SearchForm = ReturnType<typeof useSearchForm>;
