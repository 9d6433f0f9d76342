import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_PRODUCTS_ID, type ProductOption } from '@locator/core';
import { DeviceIcon } from './DeviceIcon';
import { FieldError } from './FieldError';
import { SelectField } from './SelectField';

/** Product tiles visible before "show more products" (PRODUCT.md#search-form, #display). */
export const VISIBLE_PRODUCT_TILES = 10;

export interface ProductFieldProps {
  options: readonly ProductOption[];
  /** The chosen option's value ("" when none). */
  value: string;
  error: string | undefined;
  narrow: boolean;
  onChange(value: string): void;
  onBlur(): void;
}

/** "All Products" is translated; other products show their configured display name. */
export function useProductLabel() {
  const { t } = useTranslation('result');
  return (option: Pick<ProductOption, '_id' | 'displayName'>) =>
    option._id === ALL_PRODUCTS_ID ? t('form.products.allProducts') : option.displayName;
}

/**
 * The product field (PRODUCT.md#search-form): on wide screens a radio grid of tiles with device icons (10
 * visible, "show more/less" beyond), collapsing to a read-only value with a "change" button once
 * a product is chosen; on narrow screens a dropdown.
 */
export function ProductField(props: ProductFieldProps) {
  const { t } = useTranslation('result');
  const label = useProductLabel();
  if (props.narrow) {
    return (
      <SelectField
        name="products"
        label={t('form.products.label')}
        placeholder={t('form.products.placeholder')}
        value={props.value}
        options={props.options.map((o) => ({ value: o.value, label: label(o) }))}
        error={props.error}
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
    );
  }
  return <ProductTiles {...props} />;
}

function ProductTiles({ options, value, error, onChange, onBlur }: ProductFieldProps) {
  const { t } = useTranslation('result');
  const label = useProductLabel();
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = options.find((o) => o.value === value);
  const [editing, setEditing] = useState(false);
  const chosenIndex = chosen ? options.indexOf(chosen) : -1;
  const [showAll, setShowAll] = useState(chosenIndex >= VISIBLE_PRODUCT_TILES);
  const group = useRef<HTMLFieldSetElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'radio' | 'change' | undefined>(undefined);
  const pointer = useRef(false);
  const collapsed = chosen !== undefined && !editing;

  useEffect(() => {
    if (focusAfter.current === 'change') changeButton.current?.focus();
    if (focusAfter.current === 'radio') {
      const radio =
        group.current?.querySelector<HTMLInputElement>('input:checked') ??
        group.current?.querySelector<HTMLInputElement>('input');
      radio?.focus();
    }
    focusAfter.current = undefined;
  }, [collapsed]);

  if (collapsed) {
    return (
      <div className="form-field form-field--products">
        <label className="form-field__label" id={`${id}-label`} htmlFor={`${id}-chosen`}>
          {t('form.products.label')}
        </label>
        <div className="product-chosen">
          <DeviceIcon code={chosen.code} size={28} />
          <input
            id={`${id}-chosen`}
            className="product-chosen__value"
            type="text"
            readOnly
            value={label(chosen)}
            aria-labelledby={`${id}-label`}
          />
          <button
            ref={changeButton}
            type="button"
            className="link-button"
            aria-label={t('form.products.changeLabel', { product: label(chosen) })}
            onClick={() => {
              focusAfter.current = 'radio';
              setShowAll(chosenIndex >= VISIBLE_PRODUCT_TILES);
              setEditing(true);
            }}
          >
            {t('form.products.change')}
          </button>
        </div>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }

  const visible = showAll ? options : options.slice(0, VISIBLE_PRODUCT_TILES);
  const finish = () => {
    if (value !== '') {
      setEditing(false);
    }
  };
  return (
    <fieldset
      ref={group}
      className="form-field form-field--products product-tiles"
      aria-describedby={error ? errorId : undefined}
      onBlur={(event) => {
        // Collapse once focus leaves the group with a product chosen (keyboard users).
        if (!group.current?.contains(event.relatedTarget as Node | null)) {
          onBlur();
          finish();
        }
      }}
    >
      <legend className="form-field__label">{t('form.products.label')}</legend>
      <div className="product-tiles__grid">
        {visible.map((option) => (
          <label
            key={option._id}
            className={`product-tile${option.value === value ? ' product-tile--checked' : ''}`}
            onPointerDown={() => (pointer.current = true)}
          >
            <input
              type="radio"
              name={`${id}-product`}
              className="product-tile__radio"
              // Required on the radios (a group takes no aria-required); the form has noValidate.
              required
              // A radio takes no aria-invalid: each names the error, as the group does.
              aria-describedby={error ? errorId : undefined}
              value={option.value}
              checked={option.value === value}
              onChange={() => {
                onChange(option.value);
                // A pointer choice collapses at once; arrow keys only move the choice and the
                // field collapses when focus leaves the group.
                if (pointer.current) {
                  focusAfter.current = 'change';
                  setEditing(false);
                } else {
                  setEditing(true);
                }
              }}
              onClick={() => {
                if (pointer.current && option.value === value) {
                  focusAfter.current = 'change';
                  setEditing(false);
                }
                setTimeout(() => (pointer.current = false));
              }}
            />
            <DeviceIcon code={option.code} />
            <span className="product-tile__name">{label(option)}</span>
          </label>
        ))}
      </div>
      {options.length > VISIBLE_PRODUCT_TILES ? (
        <button
          type="button"
          className="link-button product-tiles__more"
          aria-expanded={showAll}
          onClick={() => setShowAll((s) => !s)}
        >
          {showAll ? t('form.products.showLess') : t('form.products.showMore')}
        </button>
      ) : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
