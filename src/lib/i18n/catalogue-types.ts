/** The shape of a language's catalogue (DESIGN §8), shared by the loader and each language's chunk. */
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { MessageFormatElement } from 'react-intl';

/**
 * Message id → ICU message (the translation of a `defaultMessage` written in the code): its
 * syntax tree in the bundle (the build parses the catalogue files), its text under Jest.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** What a language needs besides the code's English. */
export interface Catalogue {
  messages: Messages;
  /** antd's own texts (pagination, empty states, date pickers); `undefined` for English. */
  antd: AntdLocale | undefined;
  /** Recognises the backends' English refusal sentences to translate them (`refusal-sentences.ts`); none for English. */
  refusals?: (sentence: string) => RefusalMatch | undefined;
}

/** A refusal's sentence recognised: the message that translates it, and the values it carried. */
export interface RefusalMatch {
  id: string;
  values: Record<string, string>;
}
