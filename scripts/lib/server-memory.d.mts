export declare const SERVER_MEMORY_ENV: Record<string, string>;
export declare function lacksMemorySettings(): boolean;
export declare function rerunWithMemorySettings(): Promise<void>;
