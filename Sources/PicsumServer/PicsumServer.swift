// PicsumServer
