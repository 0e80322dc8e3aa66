// ImageLoading
