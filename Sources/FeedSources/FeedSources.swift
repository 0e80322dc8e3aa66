// FeedSources
