// wink's packages ship no type declarations; only the parts the guard uses are declared.
declare module 'wink-nlp-utils' {
  const nlp: {
    string: {
      tokenize0(text: string): string[];
      amplifyNotElision(text: string): string;
    };
    tokens: {
      stem(tokens: string[]): string[];
      appendBigrams(tokens: string[]): string[];
    };
  };
  export = nlp;
}

declare module 'wink-naive-bayes-text-classifier' {
  type NaiveBayesTextClassifier = {
    definePrepTasks(tasks: Array<(input: string) => string[]>): number;
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    // Without preparatory tasks the input is the list of tokens itself.
    learn(input: string | string[], label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string | string[]): Array<[string, number]>;
    predict(input: string | string[]): string;
  };
  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export = naiveBayesTextClassifier;
}
