import styles from './amount-list.module.css';

/**
 * The classes of a two-column list of amounts (label, right-aligned figure) and its bold total row:
 * the price breakdown before a card pays (PriceWithVat) and the receipt use the same layout.
 */
export const amountList = { list: styles.amounts, total: styles.total };
